/**
 * Amounts in Chinese uppercase (大写金额) as printed on orders, invoices and cheques, following the
 * People's Bank rules for writing amounts (《支付结算办法》附件): 元/角/分, 整 when nothing follows
 * the 元 or 角, one 零 for a run of zeros inside the number, and 零 before 分 when 角 is zero.
 */
const DIGITS = ['零', '壹', '贰', '叁', '肆', '伍', '陆', '柒', '捌', '玖'];
const PLACES = ['', '拾', '佰', '仟'];
const SECTIONS = ['', '万', '亿', '万亿'];

/** 1–9999 without a leading 零 (the caller decides whether the section needs one). */
function section(n: number): string {
  let out = '';
  let zero = false;
  for (let p = 3; p >= 0; p--) {
    const d = Math.floor(n / 10 ** p) % 10;
    if (d === 0) {
      if (out) zero = true;
      continue;
    }
    if (zero) out += '零';
    zero = false;
    out += DIGITS[d] + PLACES[p];
  }
  return out;
}

function integerPart(n: number): string {
  const parts: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 10_000)) parts.push(v % 10_000);
  let out = '';
  let gap = false;
  for (let i = parts.length - 1; i >= 0; i--) {
    const v = parts[i];
    if (v === 0) {
      if (out) gap = true;
      continue;
    }
    // a zero section or fewer than four digits after a higher section reads as one 零 (壹万零伍佰)
    if (out && (gap || v < 1000)) out += '零';
    gap = false;
    out += section(v) + SECTIONS[i];
  }
  return out;
}

/** fen (integer) → e.g. 123450 → 壹仟贰佰叁拾肆元伍角整. */
export function rmbUppercase(fen: number): string {
  if (!Number.isSafeInteger(fen)) throw new RangeError('金额须为整数（分）');
  if (fen < 0) return `负${rmbUppercase(-fen)}`;
  if (fen >= 10 ** 18) throw new RangeError('金额超出可大写的范围');
  const yuan = Math.floor(fen / 100);
  const jiao = Math.floor(fen / 10) % 10;
  const cents = fen % 10;
  if (fen === 0) return '零元整';
  let out = yuan > 0 ? `${integerPart(yuan)}元` : '';
  if (jiao === 0 && cents === 0) return `${out}整`;
  if (jiao > 0) out += `${DIGITS[jiao]}角`;
  else if (yuan > 0) out += '零';
  if (cents > 0) out += `${DIGITS[cents]}分`;
  else out += '整';
  return out;
}

/** fen → "1,234.50" (yuan with thousands separators, two decimals). */
export function yuanText(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(fen);
  const int = Math.floor(abs / 100).toLocaleString('en-US');
  return `${sign}${int}.${String(abs % 100).padStart(2, '0')}`;
}
