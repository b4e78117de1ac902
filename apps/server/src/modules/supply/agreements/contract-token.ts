import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The QR code on a printed contract carries `v1.<contractId>.<expires>.<mac>`: an HMAC-SHA256 with a
 * server secret over the id and expiry (unix seconds). Anyone can read the id; nobody can change it
 * or stretch the expiry without the secret. queryByqrcode answers only for a valid, unexpired token.
 */
export type TokenCheck = { ok: true; contractId: number } | { ok: false; reason: string };

const mac = (secret: string, id: number, expires: number) => createHmac('sha256', secret).update(`contract-qr:${id}:${expires}`).digest('base64url');

export function contractToken(secret: string, contractId: number, expires: Date): string {
  const exp = Math.floor(expires.getTime() / 1000);
  return `v1.${contractId}.${exp}.${mac(secret, contractId, exp)}`;
}

export function checkContractToken(secret: string, token: string, now: Date = new Date()): TokenCheck {
  const m = /^v1\.(\d{1,12})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token.trim());
  if (!m) return { ok: false, reason: '二维码无效：内容不是本平台的合同二维码' };
  const id = Number(m[1]);
  const exp = Number(m[2]);
  const want = Buffer.from(mac(secret, id, exp));
  const got = Buffer.from(m[3]);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return { ok: false, reason: '二维码无效：内容已被篡改，请以平台上的合同为准' };
  if (exp * 1000 < now.getTime()) return { ok: false, reason: '二维码已过期，请向供应商索取最新的合同文本' };
  return { ok: true, contractId: id };
}

/** A token lasts until 90 days after the contract's end (so a printed copy stays checkable a while), at least a year from issue. */
export function tokenExpiry(endDate: string, now: Date = new Date()): Date {
  const afterEnd = Date.parse(`${endDate}T16:00:00Z`) + 90 * 86_400_000;
  return new Date(Math.max(afterEnd, now.getTime() + 365 * 86_400_000));
}
