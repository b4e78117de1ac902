import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/harness.ts';
import { call, login } from './support/sessions.ts';
import { addresses, CJK } from './support/uac.ts';

let t: TestApp;
const ip = addresses('10.30');
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const token = (username: string, password: string, remoteAddress = ip()) =>
  call(t.app, 'POST', '/uac/oauth/token', { form: { grant_type: 'password', username, password }, remoteAddress });

describe('password login', () => {
  it('answers the documented shape', async () => {
    const r = await token('buyer1', 'Demo@2026');
    expect(r.status).toBe(200);
    expect(r.body.code).toBe(200);
    expect(r.body.message).toMatch(CJK);
    const d = r.body.data;
    expect(d).toMatchObject({
      access_token: expect.any(String),
      token_type: 'bearer',
      refresh_token: expect.any(String),
      expires_in: 3600,
      sign_key: expect.any(String),
      whetherSelectDept: false,
      optionalDeptList: [{ value: expect.any(Number), label: '有机固体实验室' }],
      currentDept: { value: expect.any(Number), label: '有机固体实验室' },
    });
    expect(d.access_token).not.toBe(d.refresh_token);
    expect(d.sign_key).not.toBe(d.access_token);
    expect(d.user).toMatchObject({
      userName: 'buyer1',
      realName: '王晓明',
      accountType: 1,
      whetherForceModifyPassword: false,
      verification: 1,
      currentDept: d.currentDept.value,
      deptVOList: [{ id: d.currentDept.value, deptName: '有机固体实验室' }],
    });
    // secrets never leave the server
    expect(JSON.stringify(d)).not.toMatch(/password_hash|passwordHash|\$argon2|Demo@2026/);
    // the token works with the issued key
    const s = { token: d.access_token, signKey: d.sign_key, refreshToken: d.refresh_token, data: d };
    expect((await call(t.app, 'GET', '/uac/v1/caas-user/getUserAllInfo', { session: s })).status).toBe(200);
  });

  it('accepts a JSON body as well as a form, and trims the user name', async () => {
    const r = await call(t.app, 'POST', '/uac/oauth/token', {
      json: { grant_type: 'password', username: ' buyer1 ', password: 'Demo@2026' },
      remoteAddress: ip(),
    });
    expect(r.status).toBe(200);
    expect(r.body.data.user.userName).toBe('buyer1');
  });

  it('each login is a separate session with its own tokens and key', async () => {
    const a = await login(t.app, 'buyer1', 'Demo@2026', { remoteAddress: ip() });
    const b = await login(t.app, 'buyer1', 'Demo@2026', { remoteAddress: ip() });
    expect(a.token).not.toBe(b.token);
    expect(a.signKey).not.toBe(b.signKey);
    expect((await call(t.app, 'GET', '/uac/v1/caas-user/getUserAllInfo', { session: a })).status).toBe(200);
  });

  it('a wrong password and an unknown user get the same status and body', async () => {
    const wrong = await token('buyer2', 'Wrong@2026');
    const unknown = await token('no-such-user', 'Wrong@2026');
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ code: 40003, message: '用户名或密码错误', data: null });
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.body).toEqual(wrong.body);
    // the answers carry no header that tells them apart
    const h = (r: typeof wrong) => Object.keys(r.raw.headers).sort();
    expect(h(unknown)).toEqual(h(wrong));
    expect(unknown.raw.headers['content-length']).toBe(wrong.raw.headers['content-length']);
  });

  it('a wrong password and an unknown user take similar time (argon2 runs in both paths)', async () => {
    const time = async (u: string) => {
      const t0 = performance.now();
      const r = await token(u, 'Wrong@2026');
      expect(r.body.code).toBe(40003);
      return performance.now() - t0;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i++) {
      // different accounts, so the known ones never reach the freeze threshold
      known.push(await time(['leader2', 'owner2', 'checker2', 'finance2', 'assistant2'][i]));
      unknown.push(await time(`ghost-${i}`));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const k = median(known);
    const u = median(unknown);
    // argon2id with 19 MiB takes milliseconds; a path without it would answer far faster
    expect(Math.max(k, u) / Math.min(k, u)).toBeLessThan(3);
    expect(u).toBeGreaterThan(3);
  });

  it('is limited to 30 attempts a minute per address: the 31st is 429; other addresses are unaffected', async () => {
    const addr = '10.31.0.1';
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => token(`ghost-rl-${i}`, 'x', addr)));
    expect(results.map((r) => r.status)).toEqual(Array(30).fill(400));
    const over = await token('buyer1', 'Demo@2026', addr);
    expect(over.status).toBe(429);
    expect(over.body.message).toMatch(CJK);
    expect(over.body.data).toBeNull();
    expect((await token('buyer1', 'Demo@2026', '10.31.0.2')).status).toBe(200);
  });

  it('writes a user.login audit row with the address', async () => {
    const r = await token('checker1', 'Demo@2026', '10.32.0.7');
    expect(r.status).toBe(200);
    const row = await t.ctx.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('user_id', '=', r.body.data.user.id)
      .where('action', '=', 'user.login')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    expect(row?.ip).toBe('10.32.0.7');
  });

  it('a disabled account: the right password gets 423, a wrong one the usual 40003; wrong ones never turn it into a frozen account', async () => {
    const u = await t.ctx.database.db.selectFrom('app_user').select('id').where('user_name', '=', 'assistant1').executeTakeFirstOrThrow();
    await t.ctx.database.db.updateTable('app_user').set({ status: 0 }).where('id', '=', u.id).execute();
    try {
      const right = await token('assistant1', 'Demo@2026');
      expect(right.status).toBe(423);
      expect(right.body.message).toMatch(CJK);
      for (let i = 0; i < 6; i++) {
        const r = await token('assistant1', 'Wrong@2026');
        expect(r.body).toEqual({ code: 40003, message: '用户名或密码错误', data: null });
      }
      const row = await t.ctx.database.db.selectFrom('app_user').select('status').where('id', '=', u.id).executeTakeFirstOrThrow();
      expect(row.status).toBe(0);
      // and so it cannot be "unfrozen" by its user
      const send = await call(t.app, 'POST', '/uac/v1/sms/noauth/sendUnlockCode', { json: { userName: 'assistant1' }, remoteAddress: ip() });
      expect(send.status).toBe(400);
    } finally {
      await t.ctx.database.db.updateTable('app_user').set({ status: 1 }).where('id', '=', u.id).execute();
    }
  });

  it('missing or oversized fields are a Chinese 400 naming the field, before any password work', async () => {
    const cases = [
      { grant_type: 'password', username: '', password: 'x' },
      { grant_type: 'password', username: 'buyer1' },
      { grant_type: 'password', username: 'buyer1', password: 'x'.repeat(200) },
      { grant_type: 'magic', username: 'buyer1', password: 'x' },
      { username: 'buyer1', password: 'x' },
    ];
    for (const json of cases) {
      const r = await call(t.app, 'POST', '/uac/oauth/token', { json, remoteAddress: ip() });
      expect(r.status, JSON.stringify(json)).toBe(400);
      expect(r.body.code).toBe(40000);
      expect(r.body.message).toMatch(CJK);
    }
    const r = await call(t.app, 'POST', '/uac/oauth/token', { json: { grant_type: 'password', username: 'buyer1' }, remoteAddress: ip() });
    expect(r.body.message).toContain('password');
  });
});
