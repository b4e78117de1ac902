import { rateLabel } from '@kc/contracts/supply/discounts';

/** Cell parsers of the import sheets: each answers the value or `{ error }` with the Chinese reason shown beside the row. */
export const text =
  (max: number, label: string) =>
  (t: string): string | { error: string } =>
    t.length > max ? { error: `${label}最多 ${max} 字` } : t;

export const ID_COLUMN = {
  key: 'id',
  header: '编号',
  parse: (t: string) => (/^\d{1,12}$/.test(t) ? Number(t) : { error: '编号须为数字（新增时留空）' }),
} as const;

const PHONE = /^(1\d{10}|0\d{2,3}-?\d{7,8}(-\d{1,6})?)$/;
export const phoneParse = (t: string) => (PHONE.test(t.replace(/\s/g, '')) ? t.replace(/\s/g, '') : { error: `手机号“${t}”格式不正确` });

export const dateParse = (label: string) => (t: string) => {
  const m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(t);
  if (!m) return { error: `${label}格式应为 YYYY-MM-DD` };
  const d = `${m[1]}-${m[2].padStart(2, '0')}-${m[3].padStart(2, '0')}`;
  const at = new Date(`${d}T00:00:00Z`);
  if (Number.isNaN(at.getTime()) || at.toISOString().slice(0, 10) !== d) return { error: `${label}“${t}”不是有效日期` };
  return d;
};

/** an optional cell's value (empty cells arrive as null) */
export const str = (v: unknown) => (v === null || v === undefined ? null : String(v));
/** a required cell's value (the reader has refused the row when it was empty) */
export const need = (v: unknown) => String(v);

/** 9.2 or 9.2折 → 920 per-mille; one to two decimals */
export const parseRate = (t: string) => {
  const m = /^(\d)(?:\.(\d{1,2}))?\s*折?$/.exec(t.trim());
  if (!m) return { error: `折扣“${t}”格式不正确，应填如 9.2（九二折）` };
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
};
export const rateText = (rate: number | null) => (rate === null ? '' : rateLabel(rate).replace('折', ''));
