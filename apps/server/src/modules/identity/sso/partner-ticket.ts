import { createHmac, randomBytes } from 'node:crypto';
import { safeEqual } from '../../../platform/auth/tokens.ts';

/**
 * The ticket a logged-in user carries to a partner system (/CassToOtherWeb, /CassServiceSSoToLogin):
 * `base64url(JSON payload).base64url(HMAC-SHA256(secret, payload part))`. The payload names the
 * partner, the user, an id the partner must not accept twice and the expiry (60 s). The partner
 * checks it with the secret it was given when the admin registered it; nothing secret is inside.
 */
export interface PartnerTicketPayload {
  /** the partner's code: a ticket for one partner is worthless to another */
  aud: string;
  /** user id, login name and real name */
  sub: number;
  userName: string;
  realName: string | null;
  instituteId: number | null;
  /** ticket id (single use at the partner) */
  jti: string;
  /** issued and expiry, seconds since the epoch */
  iat: number;
  exp: number;
}

const b64 = (b: Buffer | string) => Buffer.from(b).toString('base64url');
const mac = (secret: string, part: string) => createHmac('sha256', secret).update(part).digest('base64url');

export function signPartnerTicket(secret: string, p: Omit<PartnerTicketPayload, 'jti' | 'iat' | 'exp'>, ttlSeconds: number, now = Date.now()): string {
  const iat = Math.floor(now / 1000);
  const payload: PartnerTicketPayload = { ...p, jti: randomBytes(12).toString('base64url'), iat, exp: iat + ttlSeconds };
  const part = b64(JSON.stringify(payload));
  return `${part}.${mac(secret, part)}`;
}

/** What a partner does with a ticket (and what the tests do): the payload, or null when forged, expired or for someone else. */
export function verifyPartnerTicket(secret: string, ticket: string, audience: string, now = Date.now()): PartnerTicketPayload | null {
  const [part, sig, extra] = ticket.split('.');
  if (!part || !sig || extra !== undefined || !safeEqual(sig, mac(secret, part))) return null;
  try {
    const p = JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as PartnerTicketPayload;
    if (p.aud !== audience || typeof p.exp !== 'number' || p.exp * 1000 <= now) return null;
    return p;
  } catch {
    return null;
  }
}
