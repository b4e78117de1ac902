import { describe, expect, it } from 'vitest';
import { checkClaimToken, claimToken } from './claim-token.ts';

describe('claim QR tokens', () => {
  const secret = 'a'.repeat(64);
  const later = new Date(Date.now() + 3600_000);
  it('names the record it was made for', () => {
    expect(checkClaimToken(secret, claimToken(secret, 'm', 42, later))).toEqual({ ok: true, kind: 'm', id: 42 });
    expect(checkClaimToken(secret, claimToken(secret, 'c', 7, later))).toEqual({ ok: true, kind: 'c', id: 7 });
  });
  it('refuses a changed id or kind, another secret, an expired or foreign token', () => {
    const t = claimToken(secret, 'm', 42, later);
    expect(checkClaimToken(secret, t.replace('.42.', '.43.')).ok).toBe(false);
    expect(checkClaimToken(secret, t.replace('v1.m.', 'v1.c.')).ok).toBe(false);
    expect(checkClaimToken('b'.repeat(64), t).ok).toBe(false);
    expect(checkClaimToken(secret, claimToken(secret, 'm', 42, new Date(Date.now() - 1000)))).toMatchObject({
      ok: false,
      reason: expect.stringContaining('过期'),
    });
    expect(checkClaimToken(secret, 'https://example.com').ok).toBe(false);
  });
});
