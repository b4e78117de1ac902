/** One run of the search highlight: plain text, or a matched word shown in <em>. */
export interface HighlightPart {
  text: string;
  em: boolean;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Decodes the entities the server's escaping produces; anything else stays literal text. */
function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,6});/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? Number.parseInt(body.slice(2), 16) : Number.parseInt(body.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[body.toLowerCase()] ?? whole;
  });
}

/**
 * The server's `highlight` (escaped HTML with <em> around matches) as text runs. Only bare <em> and
 * </em> count as markup; every other tag stays visible text, so nothing but emphasis can come out
 * of it: the runs are rendered as React text, never as HTML.
 */
export function highlightParts(html: string): HighlightPart[] {
  const parts: HighlightPart[] = [];
  let depth = 0;
  for (const piece of html.split(/(<\/?em>)/i)) {
    const tag = piece.toLowerCase();
    if (tag === '<em>') {
      depth++;
      continue;
    }
    if (tag === '</em>') {
      depth = Math.max(0, depth - 1);
      continue;
    }
    if (piece === '') continue;
    const text = decodeEntities(piece);
    const em = depth > 0;
    const last = parts[parts.length - 1];
    if (last && last.em === em) last.text += text;
    else parts.push({ text, em });
  }
  return parts;
}

/** Whitelist sanitiser: escapes everything, then restores only <em> and </em> (for places that need an HTML string). */
export function sanitizeHighlight(html: string): string {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
  return highlightParts(html)
    .map((p) => (p.em ? `<em>${esc(p.text)}</em>` : esc(p.text)))
    .join('');
}
