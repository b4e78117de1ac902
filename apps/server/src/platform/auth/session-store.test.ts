import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MemoryKv } from '../kv/memory-kv.ts';
import { ACCESS_TTL_MS, INACTIVITY_MS, MAX_SESSION_MS, SessionStore } from './session-store.ts';

const MIN = 60_000;

/** A refresh answer that is not the displaced marker (the tests below never displace). */
function live<T>(r: T | 'displaced'): T {
  if (r === 'displaced') throw new Error('unexpected displaced session');
  return r;
}

describe('SessionStore (fake clock)', () => {
  let clock: number;
  let kv: MemoryKv;
  let store: SessionStore;
  const now = () => clock;
  const advance = (ms: number) => {
    clock += ms;
  };
  beforeEach(() => {
    clock = 1_700_000_000_000;
    kv = new MemoryKv(now);
    store = new SessionStore(kv, now);
  });
  afterEach(() => kv.close());

  it('issues tokens of the documented shape and lifetime; only hashes are stored', async () => {
    const t = await store.create(42);
    expect(t.expiresIn).toBe(3600);
    expect(t.accessToken).toMatch(/^42\.[\w-]+\.[\w-]+$/);
    expect(t.refreshToken).toMatch(/^42\.[\w-]+\.[\w-]+$/);
    expect(t.accessToken).not.toBe(t.refreshToken);
    expect(t.signKey.length).toBeGreaterThanOrEqual(32);
    const s = await store.resolve(t.accessToken);
    expect(s).toMatchObject({ uid: 42, fid: t.fid, signKey: t.signKey, createdAt: clock });
    // the raw tokens never appear in the store
    const dump = JSON.stringify([...(kv as any).map.entries()]);
    expect(dump).not.toContain(t.accessToken.split('.')[2]);
    expect(dump).not.toContain(t.refreshToken.split('.')[2]);
  });

  it('rejects malformed, unknown and tampered tokens', async () => {
    const t = await store.create(7);
    const [uid, fid, rnd] = t.accessToken.split('.');
    for (const bad of ['', 'x', `${uid}.${fid}`, `abc.${fid}.${rnd}`, `8.${fid}.${rnd}`, `${uid}.${fid}.${rnd}x`, `${uid}.other.${rnd}`, t.refreshToken]) {
      expect(await store.resolve(bad), bad).toBeNull();
    }
  });

  it('inactivity: 59 minutes idle is still valid, 61 minutes idle is not', async () => {
    const a = await store.create(1);
    const b = await store.create(1);
    advance(59 * MIN);
    expect(await store.resolve(a.accessToken)).not.toBeNull();
    advance(59 * MIN - 1); // `a` was touched at 59 min; `b` has now been idle for 118 min
    expect(await store.resolve(b.accessToken)).toBeNull();
    expect(await store.refresh(b.refreshToken)).toBeNull();

    const c = await store.create(1);
    advance(61 * MIN);
    expect(await store.resolve(c.accessToken)).toBeNull();
    expect(await store.refresh(c.refreshToken)).toBeNull();
  });

  it('activity extends the session beyond an hour; the access token still lives one hour and refresh renews it', async () => {
    const t = await store.create(5);
    advance(50 * MIN);
    expect(await store.resolve(t.accessToken)).not.toBeNull(); // activity at 50 min
    advance(45 * MIN); // 95 min after login, 45 min idle
    expect(await store.resolve(t.accessToken)).toBeNull(); // access lifetime is one hour
    const r = live(await store.refresh(t.refreshToken));
    expect(r).not.toBeNull();
    expect(r?.fid).toBe(t.fid);
    expect(r?.signKey).toBe(t.signKey);
    expect(await store.resolve(r!.accessToken)).not.toBeNull();

    // without activity the same timeline ends the session
    const idle = await store.create(6);
    advance(95 * MIN);
    expect(await store.refresh(idle.refreshToken)).toBeNull();
  });

  it('touching is throttled to once a minute but every minute of activity keeps the session', async () => {
    const t = await store.create(9);
    for (let i = 0; i < 55; i++) {
      advance(MIN);
      expect(await store.resolve(t.accessToken)).not.toBeNull();
    }
    advance(ACCESS_TTL_MS - 55 * MIN + 1);
    expect(await store.resolve(t.accessToken)).toBeNull();
    expect(await store.refresh(t.refreshToken)).not.toBeNull();
  });

  it('refresh rotates both tokens: the old access token stops, the new pair works', async () => {
    const t = await store.create(3);
    advance(10 * MIN);
    const r = live(await store.refresh(t.refreshToken));
    expect(r).not.toBeNull();
    expect(r!.accessToken).not.toBe(t.accessToken);
    expect(r!.refreshToken).not.toBe(t.refreshToken);
    expect(await store.resolve(t.accessToken)).toBeNull();
    expect(await store.resolve(r!.accessToken)).toMatchObject({ uid: 3, fid: t.fid });
    const r2 = live(await store.refresh(r!.refreshToken));
    expect(r2).not.toBeNull();
    expect(await store.resolve(r2!.accessToken)).not.toBeNull();
  });

  it('reusing a rotated refresh token revokes the whole family', async () => {
    const t = await store.create(3);
    const other = await store.create(3);
    const r = live(await store.refresh(t.refreshToken));
    expect(await store.refresh(t.refreshToken)).toBeNull();
    expect(await store.resolve(r!.accessToken)).toBeNull();
    expect(await store.refresh(r!.refreshToken)).toBeNull();
    // another login of the same user is a different family and lives on
    expect(await store.resolve(other.accessToken)).not.toBeNull();
  });

  it('two concurrent refreshes with one token: at most one wins', async () => {
    const t = await store.create(3);
    const both = await Promise.all([store.refresh(t.refreshToken), store.refresh(t.refreshToken)]);
    expect(both.filter(Boolean).length).toBeLessThanOrEqual(1);
  });

  it('the last activity just before the access token ends still allows a refresh almost an hour later', async () => {
    const t = await store.create(4);
    advance(59 * MIN);
    expect(await store.resolve(t.accessToken)).not.toBeNull();
    advance(59 * MIN);
    expect(await store.resolve(t.accessToken)).toBeNull();
    expect(await store.refresh(t.refreshToken)).not.toBeNull();
  });

  it('revokeFamily (logout) ends one session; revokeUser ends all sessions started before it', async () => {
    const a = await store.create(11);
    const b = await store.create(11);
    const c = await store.create(12);
    await store.revokeFamily(a.fid);
    expect(await store.resolve(a.accessToken)).toBeNull();
    expect(await store.refresh(a.refreshToken)).toBeNull();
    expect(await store.resolve(b.accessToken)).not.toBeNull();

    advance(1);
    await store.revokeUser(11);
    expect(await store.resolve(b.accessToken)).toBeNull();
    expect(await store.refresh(b.refreshToken)).toBeNull();
    expect(await store.resolve(c.accessToken)).not.toBeNull();

    advance(1);
    const d = await store.create(11);
    expect(await store.resolve(d.accessToken)).not.toBeNull();
  });

  it('a family cannot be kept alive past the absolute cap', async () => {
    let t = await store.create(13);
    let alive = 0;
    for (let elapsed = 0; elapsed < MAX_SESSION_MS + INACTIVITY_MS; elapsed += 50 * MIN) {
      advance(50 * MIN);
      const r = live(await store.refresh(t.refreshToken));
      if (!r) break;
      t = r;
      alive += 50 * MIN;
    }
    expect(alive).toBeLessThanOrEqual(MAX_SESSION_MS);
    expect(alive).toBeGreaterThan(MAX_SESSION_MS - 60 * MIN);
  });

  it('works across two stores sharing one key-value store (two processes)', async () => {
    const other = new SessionStore(kv, now);
    const t = await store.create(21);
    expect(await other.resolve(t.accessToken)).not.toBeNull();
    const r = live(await other.refresh(t.refreshToken));
    expect(await store.resolve(r!.accessToken)).not.toBeNull();
    await other.revokeFamily(t.fid);
    expect(await store.resolve(r!.accessToken)).toBeNull();
  });
});

describe('single-session login', () => {
  it('a displacing login ends the older sessions with "displaced", not null, and keeps the new one', async () => {
    let clock = 1_000_000;
    const store = new SessionStore(new MemoryKv(), () => clock);
    const first = await store.create(21);
    const other = await store.create(22);
    clock += 1000;
    const second = await store.create(21, { displaceOthers: true });
    expect(await store.resolve(first.accessToken)).toBe('displaced');
    expect(await store.refresh(first.refreshToken)).toBe('displaced');
    expect(await store.resolve(second.accessToken)).toMatchObject({ uid: 21 });
    // another user is not touched, and an ordinary login does not displace
    expect(await store.resolve(other.accessToken)).toMatchObject({ uid: 22 });
    clock += 1000;
    await store.create(21);
    expect(await store.resolve(second.accessToken)).toMatchObject({ uid: 21 });
  });
});
