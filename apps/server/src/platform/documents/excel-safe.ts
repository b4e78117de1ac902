/**
 * Spreadsheet formula injection (CSV/OWASP "formula injection"): a cell that begins with = + - @,
 * a tab or a carriage return may be run as a formula when the file is opened or re-saved as CSV.
 * User-typed text (remarks, receiver names, item names) is written with a leading apostrophe, which
 * spreadsheets show as plain text. Numbers stay numbers: only strings pass through here.
 */
const RISKY_START = /^[=+\-@\t\r\n]/;

export const neutraliseCell = (s: string): string => (RISKY_START.test(s) ? `'${s}` : s);
