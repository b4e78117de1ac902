import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The QR codes of claims: a claim's printed 报销单 (kind c) and the merged claim finance prints at
 * the desk (ewmForMerge, kind m) carry `v1.<kind>.<id>.<expires>.<mac>`, an HMAC-SHA256 with a server
 * secret (setting claim_qr_secret) over kind, id and expiry, as contracts' QR codes do. Scanning
 * one at the desk finds the record; a changed id or a stretched expiry fails the check.
 */
export type QrKind = 'c' | 'm';
export type QrCheck = { ok: true; kind: QrKind; id: number } | { ok: false; reason: string };

/** A printed claim stays scannable for a year. */
export const QR_LIFETIME_MS = 365 * 86_400_000;

const mac = (secret: string, kind: QrKind, id: number, exp: number) => createHmac('sha256', secret).update(`claim-qr:${kind}:${id}:${exp}`).digest('base64url');

export function claimToken(secret: string, kind: QrKind, id: number, expires: Date): string {
  const exp = Math.floor(expires.getTime() / 1000);
  return `v1.${kind}.${id}.${exp}.${mac(secret, kind, id, exp)}`;
}

export function checkClaimToken(secret: string, token: string, now: Date = new Date()): QrCheck {
  const m = /^v1\.([cm])\.(\d{1,12})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token.trim());
  if (!m) return { ok: false, reason: '二维码无效：不是本平台报销单的二维码' };
  const kind = m[1] as QrKind;
  const id = Number(m[2]);
  const exp = Number(m[3]);
  const want = Buffer.from(mac(secret, kind, id, exp));
  const got = Buffer.from(m[4]);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return { ok: false, reason: '二维码无效：内容已被篡改' };
  if (exp * 1000 < now.getTime()) return { ok: false, reason: '二维码已过期，请重新打印报销单' };
  return { ok: true, kind, id };
}
