/**
 * 统一社会信用代码 (GB 32100-2015): 18 characters — registration authority (1), institution kind (1),
 * administrative division (6 digits), organisation code (9), check character (1). The alphabet has
 * 31 characters: digits and capital letters without I, O, Z, S, V.
 */
export const USCC_ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
/** Weight of position i is 3^i mod 31. */
const WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** The shape: two code characters, six digits, ten code characters. */
export const USCC_SHAPE = /^[0-9A-HJ-NP-RTUW-Y]{2}\d{6}[0-9A-HJ-NP-RTUW-Y]{10}$/;

/** The check character of the first 17 characters, or null when one of them is outside the alphabet. */
export function usccCheckChar(first17: string): string | null {
  if (first17.length !== 17) return null;
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const v = USCC_ALPHABET.indexOf(first17[i]);
    if (v < 0) return null;
    sum += v * WEIGHTS[i];
  }
  return USCC_ALPHABET[(31 - (sum % 31)) % 31];
}

/** Whether a code has the shape and its check character is right (no trimming, no case folding). */
export const isValidUscc = (code: string) => USCC_SHAPE.test(code) && usccCheckChar(code.slice(0, 17)) === code[17];

/** Why a code is not a valid 统一社会信用代码, in Chinese, or null when it is. */
export function usccProblem(code: string): string | null {
  if (code.length !== 18) return '统一社会信用代码应为 18 位';
  if (!USCC_SHAPE.test(code)) return '统一社会信用代码格式不正确（18 位数字或大写字母，不含 I、O、Z、S、V）';
  if (!isValidUscc(code)) return '统一社会信用代码校验位不正确，请核对';
  return null;
}
