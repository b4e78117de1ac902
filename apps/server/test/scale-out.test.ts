import { randomBytes } from 'node:crypto';
import { makeNonce } from '@kc/contracts/platform/signing';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisKv } from '../src/platform/kv/redis-kv.ts';
import { createPgDatabase, createTestApp, type TestApp } from './support/harness.ts';
import { call, type Session } from './support/sessions.ts';
import { addresses, CJK, lastCode } from './support/uac.ts';

/**
 * Two server processes behind a load balancer: two apps on the same PostgreSQL database and the
 * same Redis, each with its own connections. Whatever one of them learns, the other must know.
 */
const PG = process.env.DATABASE_URL;
const REDIS = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

describe.skipIf(!PG)('scale-out: two apps, one PostgreSQL database, one Redis', () => {
  const prefix = `kc-test-${randomBytes(5).toString('hex')}:`;
  const ip = addresses('10.100');
  let db: Awaited<ReturnType<typeof createPgDatabase>>;
  let kvA: RedisKv;
  let kvB: RedisKv;
  let A: TestApp;
  let B: TestApp;

  beforeAll(async () => {
    db = await createPgDatabase(PG as string);
    kvA = new RedisKv(REDIS, prefix);
    kvB = new RedisKv(REDIS, prefix);
    // one after the other, as a rolling start would: the second finds the schema and data in place
    A = await createTestApp({ captcha: true, kv: kvA, databaseUrl: db.url });
    B = await createTestApp({ captcha: true, kv: kvB, databaseUrl: db.url });
  });
  afterAll(async () => {
    await A?.close();
    await B?.close();
    await kvA?.close();
    await kvB?.close();
    await db?.drop();
    const r = new Redis(REDIS);
    const keys = await r.keys(`${prefix}*`);
    if (keys.length) await r.del(...keys);
    await r.quit();
  });

  /** Captcha image from one app, answered on the other: the answer lives in Redis. */
  async function loginVia(imageFrom: TestApp, loginAt: TestApp, user: string, password = 'Demo@2026') {
    const randomStr = `so-${randomBytes(6).toString('hex')}`;
    const img = await imageFrom.app.inject({ method: 'GET', url: `/uac/captcha.jpg?randomStr=${randomStr}`, remoteAddress: ip() });
    expect(img.statusCode).toBe(200);
    const answer = await kvB.get(`cap:${randomStr}`);
    return call(loginAt.app, 'POST', `/uac/oauth/token?randomStr=${randomStr}&captcha=${answer}`, {
      form: { grant_type: 'password', username: user, password },
      remoteAddress: ip(),
    });
  }
  async function session(imageFrom: TestApp, loginAt: TestApp, user: string, password = 'Demo@2026'): Promise<Session> {
    const r = await loginVia(imageFrom, loginAt, user, password);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const d = r.body.data;
    return { token: d.access_token, signKey: d.sign_key, refreshToken: d.refresh_token, data: d };
  }
  const info = (app: TestApp, s: Session) => call(app.app, 'GET', '/uac/v1/caas-user/getUserAllInfo', { session: s });

  it('both apps run on PostgreSQL with the Redis store', () => {
    expect(A.ctx.database.engine).toBe('postgres');
    expect(B.ctx.database.engine).toBe('postgres');
    expect(A.ctx.kv).toBeInstanceOf(RedisKv);
  });

  it('a captcha shown by A is answered on B, once', async () => {
    const randomStr = `so-${randomBytes(6).toString('hex')}`;
    await A.app.inject({ method: 'GET', url: `/uac/captcha.jpg?randomStr=${randomStr}`, remoteAddress: ip() });
    const answer = await kvA.get(`cap:${randomStr}`);
    const form = { grant_type: 'password', username: 'buyer1', password: 'Demo@2026' };
    const url = `/uac/oauth/token?randomStr=${randomStr}&captcha=${answer}`;
    expect((await call(B.app, 'POST', url, { form, remoteAddress: ip() })).status).toBe(200);
    expect((await call(A.app, 'POST', url, { form, remoteAddress: ip() })).body.code).toBe(40002);
  });

  it('a nonce used on A is refused on B', async () => {
    const s = await session(A, A, 'buyer1');
    const nonce = makeNonce();
    expect((await call(A.app, 'GET', '/uac/v1/caas-user/getUserAllInfo', { session: s, nonce })).status).toBe(200);
    const replay = await call(B.app, 'GET', '/uac/v1/caas-user/getUserAllInfo', { session: s, nonce });
    expect(replay.status).toBe(400);
    expect(replay.body).toEqual({ code: 40001, message: '非法请求！', data: null });
  });

  it('a session made on A works on B; logout on B ends it on A', async () => {
    const s = await session(A, A, 'buyer1');
    expect((await info(B, s)).status).toBe(200);
    expect((await info(A, s)).status).toBe(200);
    expect((await call(B.app, 'DELETE', '/uac/v1/caas-user/logout', { session: s })).status).toBe(200);
    const after = await info(A, s);
    expect(after.status).toBe(401);
    expect(after.body.error).toBe('invalid_token');
  });

  it('a refresh on B rotates the tokens for A too; reuse on A revokes the family everywhere', async () => {
    const s = await session(B, A, 'buyer2');
    const r = await call(B.app, 'POST', '/uac/oauth/token', { form: { grant_type: 'refresh_token', refresh_token: s.refreshToken }, remoteAddress: ip() });
    expect(r.status).toBe(200);
    const fresh: Session = { token: r.body.data.access_token, signKey: r.body.data.sign_key, refreshToken: r.body.data.refresh_token, data: r.body.data };
    expect((await info(A, s)).status).toBe(401);
    expect((await info(A, fresh)).status).toBe(200);
    const reuse = await call(A.app, 'POST', '/uac/oauth/token', { form: { grant_type: 'refresh_token', refresh_token: s.refreshToken }, remoteAddress: ip() });
    expect(reuse.status).toBe(401);
    expect((await info(B, fresh)).status).toBe(401);
  });

  it('a department switch on A shows at once on B (callers and caches follow the shared acl version)', async () => {
    const s = await session(A, B, 'multi1');
    const [first, second] = s.data.optionalDeptList;
    // warm B's caches with the state before the switch
    expect((await info(B, s)).body.data.user.currentDept).toBeNull();
    expect((await call(A.app, 'POST', '/uac/v1/dept/setCurrentDept', { session: s, json: { deptId: second.value } })).status).toBe(200);
    expect((await info(B, s)).body.data.user.currentDept).toBe(second.value);
    expect((await call(B.app, 'POST', '/uac/v1/dept/setCurrentDept', { session: s, json: { deptId: first.value } })).status).toBe(200);
    expect((await info(A, s)).body.data.user.currentDept).toBe(first.value);
  });

  it('a password change on B ends the sessions made on A', async () => {
    const s = await session(A, A, 'assistant1');
    const r = await call(B.app, 'POST', '/uac/v1/caas-user/verifyAndModify', { session: s, json: { oldPassword: 'Demo@2026', newPassword: 'Scale2026x' } });
    expect(r.status).toBe(200);
    expect((await info(A, s)).status).toBe(401);
    await session(B, A, 'assistant1', 'Scale2026x');
  });

  it('the freeze counter spans both apps, and the unlock code sent by one works on the other', async () => {
    const wrong = (app: TestApp) => loginVia(A, app, 'freeze1', 'Wrong@2026');
    expect((await wrong(A)).body.code).toBe(40003);
    expect((await wrong(B)).body.code).toBe(40003);
    expect((await wrong(A)).body.code).toBe(40003);
    expect((await wrong(B)).body.code).toBe(40003);
    const fifth = await wrong(A);
    expect(fifth.status).toBe(200);
    expect(fifth.body.code).toBe(10035);
    expect((await loginVia(B, B, 'freeze1')).body.code).toBe(10035);

    expect((await call(A.app, 'POST', '/uac/v1/sms/noauth/sendUnlockCode', { json: { userName: 'freeze1' }, remoteAddress: ip() })).status).toBe(200);
    // the per-account send limit is shared too
    const again = await call(B.app, 'POST', '/uac/v1/sms/noauth/sendUnlockCode', { json: { userName: 'freeze1' }, remoteAddress: ip() });
    expect(again.status).toBe(429);
    const code = await lastCode(A, '13810230010');
    const ok = await call(B.app, 'POST', '/uac/v1/caas-user/noauth/autoUnBlock', { json: { userName: 'freeze1', code, channel: 'sms' }, remoteAddress: ip() });
    expect(ok.status).toBe(200);
    expect((await loginVia(B, A, 'freeze1')).status).toBe(200);
  });

  it('the login limit per address counts on both apps together', async () => {
    const addr = '10.101.0.1';
    const attempt = (app: TestApp, i: number) =>
      call(app.app, 'POST', '/uac/oauth/token', { form: { grant_type: 'password', username: `ghost-${i}`, password: 'x' }, remoteAddress: addr });
    // captcha is on: each attempt fails at the captcha, after the limit was counted
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => attempt(i % 2 ? A : B, i)));
    expect(results.every((r) => r.status === 400)).toBe(true);
    const over = await attempt(A, 99);
    expect(over.status).toBe(429);
    expect(over.body.message).toMatch(CJK);
    expect((await attempt(B, 100)).status).toBe(429);
  });
});
