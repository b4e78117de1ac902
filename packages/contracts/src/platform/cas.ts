/** CAS registry number: 2–7 digits, 2 digits, 1 check digit (e.g. 64-17-5). */
export const CAS_PATTERN = /^(\d{2,7})-(\d{2})-(\d)$/;

/**
 * True when `cas` has the CAS shape and its check digit is right: the digits before the
 * check digit, read from the right, are weighted 1, 2, 3 …; the sum modulo 10 is the check digit.
 */
export function isValidCas(cas: string): boolean {
  const m = CAS_PATTERN.exec(cas.trim());
  if (!m) return false;
  const digits = m[1] + m[2];
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[digits.length - 1 - i]) * (i + 1);
  return sum % 10 === Number(m[3]);
}

/** Looks like a CAS number (shape only); the search uses it to take the exact CAS path. */
export const looksLikeCas = (q: string) => CAS_PATTERN.test(q.trim());
