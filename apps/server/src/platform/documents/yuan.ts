/**
 * Money typed by people (import sheets, forms) → integer fen. Parsed as a string of digits, never
 * through floating point: Number('0.29') * 100 is 28.999999999999996, and a price list of five
 * thousand rows would carry such errors into orders and statements.
 */

export interface ParseError {
  error: string;
}

export interface YuanOptions {
  /** accept a leading minus (refunds, adjustments); off by default: prices are never negative */
  allowNegative?: boolean;
  /** the largest amount accepted, in fen; default 999,999,999,999.99 yuan (15 digits, exact in a double) */
  maxFen?: number;
}

const MAX_DIGITS = 15;
/** digits, or digits grouped by commas in threes (1,234,567) — never a mix such as 1,23,4 */
const NUMBER = /^(\d+|\d{1,3}(?:,\d{3})+)(?:\.(\d+))?$/;

/**
 * '12.5' → 1250; '1,234.56' → 123456; '¥8' → 800. Deliberate choices:
 * - thousands separators are accepted only in correct groups of three (Excel's own format);
 *   a comma anywhere else is refused rather than guessed (1,5 could mean 1.5 in some locales);
 * - more than two decimals is refused unless the extra digits are zeros ('12.500' is exactly 12.50);
 * - scientific notation ('1e3', which Excel shows for very large or small numbers) is refused;
 * - a leading ¥/￥ is tolerated, spaces around the number are trimmed; nothing else is.
 */
export function parseYuanToFen(text: string, opts: YuanOptions = {}): number | ParseError {
  let s = text.trim();
  if (s === '') return { error: '金额不能为空' };
  let negative = false;
  if (s.startsWith('-')) {
    negative = true;
    s = s.slice(1).trim();
  }
  if (s.startsWith('¥') || s.startsWith('￥')) s = s.slice(1).trim();
  if (/^[\d.,]*e[+-]?\d*$/i.test(s) && /\d/.test(s)) return { error: `金额“${text.trim()}”不能使用科学计数法` };
  const m = NUMBER.exec(s);
  if (!m) return { error: `金额“${text.trim()}”格式不正确，应为如 12.50 的数字` };
  const intPart = m[1].replace(/,/g, '');
  let frac = m[2] ?? '';
  if (m[2] !== undefined && frac === '') return { error: `金额“${text.trim()}”格式不正确` };
  if (frac.length > 2) {
    if (/[^0]/.test(frac.slice(2))) return { error: `金额“${text.trim()}”最多保留两位小数` };
    frac = frac.slice(0, 2);
  }
  const digits = (intPart + frac.padEnd(2, '0')).replace(/^0+(?=\d)/, '');
  if (digits.length > MAX_DIGITS) return { error: `金额“${text.trim()}”超出范围` };
  // a string of at most 15 digits converts to an integer exactly
  const fen = Number(digits);
  if (fen > (opts.maxFen ?? Number.MAX_SAFE_INTEGER)) return { error: `金额“${text.trim()}”超出范围` };
  if (negative && fen !== 0) {
    if (!opts.allowNegative) return { error: `金额“${text.trim()}”不能为负数` };
    return -fen;
  }
  return fen;
}

/** parseYuanToFen with fixed options, for a column declaration's `parse`. */
export const yuanToFen =
  (opts: YuanOptions = {}) =>
  (text: string) =>
    parseYuanToFen(text, opts);

export const isParseError = (v: unknown): v is ParseError =>
  typeof v === 'object' &&
  v !== null &&
  !Array.isArray(v) &&
  !(v instanceof Date) &&
  Object.keys(v).length === 1 &&
  typeof (v as ParseError).error === 'string';
