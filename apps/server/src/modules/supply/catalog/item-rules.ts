import type { Hazard } from '@kc/contracts/supply/catalog';

/** What the tokenizer sees of a brand: both its names, so 康宁 and Corning find the same items. */
export const brandText = (b: { name: string; name_en?: string | null; nameEn?: string | null }) => [b.name, b.name_en ?? b.nameEn].filter(Boolean).join(' ');

export const hazardsOf = (i: { hazard_dangerous: number; hazard_precursor: number; hazard_explosive: number; hazard_toxic: number }): Hazard[] => {
  const out: Hazard[] = [];
  if (i.hazard_dangerous) out.push('dangerous');
  if (i.hazard_precursor) out.push('precursor');
  if (i.hazard_explosive) out.push('explosive');
  if (i.hazard_toxic) out.push('toxic');
  return out;
};

/** Fen per pack unit (per ml, g, 支 …), so a 2.5 L bottle and a 500 ml bottle compare; null without a pack size. */
export const unitPrice = (price: number, packAmount: number | null) =>
  packAmount && packAmount > 0 ? Math.round((price / packAmount) * 10_000) / 10_000 : null;

const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESC[c]);

/**
 * The name with every occurrence of the given words wrapped in <em>…</em>, case-insensitive. The
 * name is escaped first (ranges are found on the raw text, each character escaped on output), so
 * a name never injects markup.
 */
export function highlight(name: string, words: string[]): string {
  const lower = name.toLowerCase();
  const marked = new Array<boolean>(name.length).fill(false);
  for (const w of words) {
    if (!w) continue;
    for (let i = lower.indexOf(w); i >= 0; i = lower.indexOf(w, i + w.length)) marked.fill(true, i, i + w.length);
  }
  let out = '';
  for (let i = 0; i < name.length; i++) {
    if (marked[i] && !marked[i - 1]) out += '<em>';
    out += escapeHtml(name[i]);
    if (marked[i] && !marked[i + 1]) out += '</em>';
  }
  return out;
}

/** images column: JSON array of file ids or URLs. */
export function parseImages(json: string): (number | string)[] {
  try {
    const v = JSON.parse(json);
    return Array.isArray(v) ? v.filter((x) => typeof x === 'number' || typeof x === 'string') : [];
  } catch {
    return [];
  }
}
