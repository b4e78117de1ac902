import { useMemo } from 'react';
import { sanitizeRichHtml } from '../lib/sanitize-html.ts';

/** Server-authored HTML (notices, page configuration), sanitised again here before it is shown. */
export function RichHtml({ html, testId }: { html: string | null | undefined; testId?: string }) {
  const safe = useMemo(() => sanitizeRichHtml(html), [html]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised with the rich-content whitelist
  return <div className="rich-html" data-testid={testId} style={{ lineHeight: 1.8, overflowWrap: 'anywhere' }} dangerouslySetInnerHTML={{ __html: safe }} />;
}
