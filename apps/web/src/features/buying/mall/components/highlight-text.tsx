import { highlightParts } from '../highlight.ts';

/** The search highlight as React text: only <em> survives, rendered as a red mark. */
export function HighlightText({ html }: { html: string }) {
  return (
    <>
      {highlightParts(html).map((p, i) =>
        p.em ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: runs of a fixed string never reorder
          <em key={i} style={{ color: '#f5222d', fontStyle: 'normal' }}>
            {p.text}
          </em>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: runs of a fixed string never reorder
          <span key={i}>{p.text}</span>
        ),
      )}
    </>
  );
}
