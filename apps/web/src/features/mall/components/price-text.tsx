import { yuan } from '@kc/contracts/mall';
import type { CSSProperties } from 'react';

/** ¥ and yuan with two decimals from integer fen. */
export function formatYuan(fen: number): string {
  return `¥${yuan(fen)}`;
}

/** A price in the marketplace's red. */
export function PriceText({
  fen,
  size,
  strong = true,
  style,
  testId,
}: {
  fen: number;
  size?: number;
  strong?: boolean;
  style?: CSSProperties;
  testId?: string;
}) {
  return (
    <span
      data-testid={testId}
      data-fen={fen}
      style={{ color: '#f5222d', fontWeight: strong ? 600 : undefined, fontSize: size, whiteSpace: 'nowrap', ...style }}
    >
      {formatYuan(fen)}
    </span>
  );
}
