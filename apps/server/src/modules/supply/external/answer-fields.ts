const MAX_FIELDS = 30;
const MAX_TEXT = 500;

const text = (v: unknown) => {
  const s = typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : JSON.stringify(v);
  return s.length > MAX_TEXT ? `${s.slice(0, MAX_TEXT)}…` : s;
};

/**
 * An external answer as label → text pairs for the item page: a JSON object's fields (its `data`
 * object when it wraps one, the first element of a list), else the text itself. Never trusted as
 * HTML: the page prints these as text.
 */
export function answerFields(body: string): { label: string; value: string }[] {
  let v: unknown;
  try {
    v = JSON.parse(body);
  } catch {
    const t = body.trim();
    return t ? [{ label: '内容', value: text(t) }] : [];
  }
  if (Array.isArray(v)) v = v[0];
  if (v && typeof v === 'object' && 'data' in v && (v as { data: unknown }).data && typeof (v as { data: unknown }).data === 'object') {
    v = (v as { data: unknown }).data;
    if (Array.isArray(v)) v = v[0];
  }
  if (v === null || v === undefined) return [];
  if (typeof v !== 'object') return [{ label: '内容', value: text(v) }];
  return Object.entries(v as Record<string, unknown>)
    .filter(([, x]) => x !== null && x !== undefined && x !== '')
    .slice(0, MAX_FIELDS)
    .map(([k, x]) => ({ label: k.slice(0, 40), value: text(x) }));
}
