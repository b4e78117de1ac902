import { useMemo } from 'react';
import { WATERMARK_TILE } from './watermark-rule.ts';

/** Draws one tile (340×120) with the text turned slightly, as a data URL for a repeating background. */
function tileDataUrl(text: string): string {
  const ratio = window.devicePixelRatio || 1;
  const canvas = document.createElement('canvas');
  canvas.width = WATERMARK_TILE.width * ratio;
  canvas.height = WATERMARK_TILE.height * ratio;
  const ctx = canvas.getContext('2d');
  if (!ctx) return '';
  ctx.scale(ratio, ratio);
  ctx.translate(WATERMARK_TILE.width / 2, WATERMARK_TILE.height / 2);
  ctx.rotate((-20 * Math.PI) / 180);
  ctx.font = '14px "PingFang SC", "Microsoft YaHei", sans-serif';
  ctx.fillStyle = 'rgba(0, 0, 0, 0.12)';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, 0, 0);
  return canvas.toDataURL('image/png');
}

/** A fixed layer over the page, tiled with the text; clicks pass through it. */
export function Watermark({ text }: { text: string }) {
  const url = useMemo(() => tileDataUrl(text), [text]);
  return (
    <div
      aria-hidden
      data-testid="watermark"
      data-text={text}
      style={{
        position: 'fixed',
        inset: 0,
        zIndex: 1999,
        pointerEvents: 'none',
        backgroundImage: url ? `url(${url})` : undefined,
        backgroundRepeat: 'repeat',
        backgroundSize: `${WATERMARK_TILE.width}px ${WATERMARK_TILE.height}px`,
      }}
    />
  );
}
