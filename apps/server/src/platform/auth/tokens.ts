import { type BinaryLike, createHmac, createSecretKey, hash, type KeyObject, randomBytes, timingSafeEqual } from 'node:crypto';

/** One-shot SHA-256 (no Hash object per call: it runs on every request). */
export const sha256Hex = (s: string | Buffer) => hash('sha256', s, 'hex');

const keys = new Map<string, KeyObject>();
/**
 * HMAC-SHA256 in hex with the key prepared once per distinct key (a session's sign key is used
 * for every request of the session). Bounded: cleared when it grows past 10,000 keys.
 */
export function hmacHex(key: string, data: BinaryLike): string {
  let k = keys.get(key);
  if (!k) {
    if (keys.size >= 10_000) keys.clear();
    k = createSecretKey(Buffer.from(key, 'utf8'));
    keys.set(key, k);
  }
  return createHmac('sha256', k).update(data).digest('hex');
}
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

/** Constant-time comparison of two strings of any length. */
export function safeEqual(a: string, b: string): boolean {
  const ba = Buffer.from(a);
  const bb = Buffer.from(b);
  if (ba.length !== bb.length) {
    timingSafeEqual(ba, ba);
    return false;
  }
  return timingSafeEqual(ba, bb);
}

/** 6-digit numeric code for SMS and mail. */
export const sixDigitCode = () => String(randomBytes(4).readUInt32BE(0) % 1_000_000).padStart(6, '0');

export const maskPhone = (p: string | null) => (p && p.length >= 7 ? `${p.slice(0, 3)}****${p.slice(-4)}` : p);
export const maskEmail = (e: string | null) => {
  if (!e) return e;
  const [name, host] = e.split('@');
  return `${name.slice(0, 2)}***@${host}`;
};
