/**
 * Request signing shared by the web client, tests and benchmarks.
 * The signed byte string (UTF-8) is four lines joined by '\n':
 *   METHOD            upper-case HTTP method
 *   PATH_WITH_QUERY   the request target exactly as sent, e.g. /uac/v1/x?a=1&t=123
 *   NONCE             the `nonce` header: milliseconds since epoch + 5 random [A-Za-z0-9]
 *   BODY_SHA256       lower-case hex SHA-256 of the raw body bytes ('' for no body; multipart: '')
 * sign = lower-case hex HMAC-SHA256(key, that string). Key: the public client key before login,
 * the `sign_key` issued with the token after.
 */
export const NONCE_WINDOW_MS = 5 * 60 * 1000;

/** The fixed basic client credential of the web app (public by nature: it ships in the bundle). */
export const WEB_CLIENT_ID = 'caas-web';
export const WEB_CLIENT_SECRET = 'caas-web-2026';
/** Public signing key used before login. It proves nothing about the caller; it binds nonce, path and body. */
export const PUBLIC_SIGN_KEY = 'kc-public-sign-key-v1';

export function signingString(method: string, pathWithQuery: string, nonce: string, bodySha256Hex: string): string {
  return `${method.toUpperCase()}\n${pathWithQuery}\n${nonce}\n${bodySha256Hex}`;
}

const NONCE_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function makeNonce(now = Date.now(), random: () => number = Math.random): string {
  let s = String(now);
  for (let i = 0; i < 5; i++) s += NONCE_CHARS[Math.floor(random() * NONCE_CHARS.length)];
  return s;
}

/** Parses the time part of a nonce; NaN when malformed. */
export function nonceTime(nonce: string): number {
  if (!/^\d{13}[A-Za-z0-9]{5}$/.test(nonce)) return Number.NaN;
  return Number(nonce.slice(0, 13));
}
