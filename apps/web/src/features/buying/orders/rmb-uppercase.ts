const DIGITS = '零壹贰叁肆伍陆柒捌玖';
const UNITS = ['', '拾', '佰', '仟'];
const SECTIONS = ['', '万', '亿', '万亿'];

/** One four-digit section (0–9999) in capital numerals, with the zeros a cheque writes. */
function section(n: number): string {
  let out = '';
  let zero = false;
  for (let i = 3; i >= 0; i--) {
    const d = Math.floor(n / 10 ** i) % 10;
    if (d === 0) {
      if (out) zero = true;
      continue;
    }
    if (zero) out += '零';
    zero = false;
    out += DIGITS[d] + UNITS[i];
  }
  return out;
}

/** An amount in fen as the capital figure printed on Chinese financial documents: 壹仟贰佰叁拾肆元伍角陆分, 伍元整. */
export function rmbUppercase(fen: number): string {
  if (!Number.isFinite(fen)) return '';
  const negative = fen < 0;
  const total = Math.round(Math.abs(fen));
  const yuanPart = Math.floor(total / 100);
  const jiao = Math.floor(total / 10) % 10;
  const fenPart = total % 10;

  // sections of four digits, highest first; a gap (a zero section, or a section below 1000 after a higher one) reads 零
  const parts: number[] = [];
  for (let n = yuanPart; n > 0; n = Math.floor(n / 10_000)) parts.unshift(n % 10_000);
  let yuan = '';
  let gap = false;
  parts.forEach((part, idx) => {
    const unit = SECTIONS[parts.length - 1 - idx];
    if (part === 0) {
      if (yuan) gap = true;
      return;
    }
    if (yuan && (gap || part < 1000)) yuan += '零';
    yuan += section(part) + unit;
    gap = false;
  });
  let out = yuan ? `${yuan}元` : '';
  if (jiao === 0 && fenPart === 0) out = (out || '零元') + '整';
  else {
    if (jiao) out += `${DIGITS[jiao]}角`;
    else if (yuan) out += '零';
    if (fenPart) out += `${DIGITS[fenPart]}分`;
    else out += '整';
  }
  return (negative ? '负' : '') + out;
}
