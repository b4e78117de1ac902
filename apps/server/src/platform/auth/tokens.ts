import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export const sha256Hex = (s: string | Buffer) => createHash('sha256').update(s).digest('hex');
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
