import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/harness.ts';
import { call, login, type Session } from './support/sessions.ts';
import { addresses, auditActions, CJK } from './support/uac.ts';

let t: TestApp;
const ip = addresses('10.50');
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const INFO = '/uac/v1/caas-user/getUserAllInfo';
const signIn = (user: string, password?: string) => login(t.app, user, password, { remoteAddress: ip() });
const info = (s: Session) => call(t.app, 'GET', INFO, { session: s });
const refresh = (refreshToken: string) =>
  call(t.app, 'POST', '/uac/oauth/token', { form: { grant_type: 'refresh_token', refresh_token: refreshToken }, remoteAddress: ip() });
const asSession = (d: any): Session => ({ token: d.access_token, signKey: d.sign_key, refreshToken: d.refresh_token, data: d });

function expectInvalidToken(r: { status: number; body: any }) {
  expect(r.status).toBe(401);
  expect(r.body.error).toBe('invalid_token');
  expect(r.body.message).toMatch(CJK);
}
function expectRefreshRefused(r: { status: number; body: any }) {
  expect(r.status).toBe(401);
  expect(r.body.message).toBe('refresh_token已失效');
  expect(r.body.data).toBeNull();
}

describe('sessions', () => {
  it('refresh rotates: the new tokens work, the old access token is 401 invalid_token', async () => {
    const s = await signIn('buyer1');
    const r = await refresh(s.refreshToken);
    expect(r.status).toBe(200);
    const d = r.body.data;
    expect(d).toMatchObject({ token_type: 'bearer', expires_in: 3600, user: { userName: 'buyer1' }, currentDept: { label: '有机固体实验室' } });
    expect(d.access_token).not.toBe(s.token);
    expect(d.refresh_token).not.toBe(s.refreshToken);
    const fresh = asSession(d);
    expect((await info(fresh)).status).toBe(200);
    expectInvalidToken(await info(s));
    // and the new refresh token rotates again
    const r2 = await refresh(fresh.refreshToken);
    expect(r2.status).toBe(200);
    expect((await info(asSession(r2.body.data))).status).toBe(200);
  });

  it('reusing a rotated refresh token revokes the whole family: the newest access token is 401 too', async () => {
    const s = await signIn('buyer1');
    const other = await signIn('buyer1');
    const r = await refresh(s.refreshToken);
    const newest = asSession(r.body.data);
    expect((await info(newest)).status).toBe(200);
    expectRefreshRefused(await refresh(s.refreshToken));
    expectInvalidToken(await info(newest));
    expectRefreshRefused(await refresh(newest.refreshToken));
    // another login of the same user is untouched
    expect((await info(other)).status).toBe(200);
  });

  it('refresh with garbage is 401 refresh_token已失效', async () => {
    for (const garbage of ['garbage-garbage-garbage-garbage', '1.aaaaaaaaaaaaaaaa.bbbbbbbbbbbbbbbbbbbbbbbb', '9999999.x.y-zzzzzzzzzzzz']) {
      expectRefreshRefused(await refresh(garbage));
    }
    // an access token is not a refresh token
    const s = await signIn('buyer2');
    expectRefreshRefused(await refresh(s.token));
    expect((await info(s)).status).toBe(200);
  });

  it('logout ends the session: the access token is 401 and its refresh token is refused', async () => {
    const s = await signIn('leader1');
    const keep = await signIn('leader1');
    const out = await call(t.app, 'DELETE', '/uac/v1/caas-user/logout', { session: s });
    expect(out.status).toBe(200);
    expect(out.body.code).toBe(200);
    expectInvalidToken(await info(s));
    expectRefreshRefused(await refresh(s.refreshToken));
    expectInvalidToken(await call(t.app, 'DELETE', '/uac/v1/caas-user/logout', { session: s }));
    // only that session
    expect((await info(keep)).status).toBe(200);
    const uid = s.data.user.id;
    expect((await auditActions(t, uid)).map((a) => a.action)).toContain('user.logout');
  });

  it('logout needs a session', async () => {
    const r = await call(t.app, 'DELETE', '/uac/v1/caas-user/logout');
    expect(r.status).toBe(401);
  });

  it('a password change ends every session of the user, refresh tokens included; other users keep theirs', async () => {
    const a = await signIn('assistant1');
    const b = await signIn('assistant1');
    const other = await signIn('owner1');
    const r = await call(t.app, 'POST', '/uac/v1/caas-user/verifyAndModify', { session: a, json: { oldPassword: 'Demo@2026', newPassword: 'Changed2026' } });
    expect(r.status).toBe(200);
    expectInvalidToken(await info(a));
    expectInvalidToken(await info(b));
    expectRefreshRefused(await refresh(a.refreshToken));
    expectRefreshRefused(await refresh(b.refreshToken));
    expect((await info(other)).status).toBe(200);
    const again = await signIn('assistant1', 'Changed2026');
    expect((await info(again)).status).toBe(200);
    expect((await refresh(again.refreshToken)).status).toBe(200);
  });

  it('a session of a disabled account stops at once (423), and so does its refresh', async () => {
    const s = await signIn('checker2');
    const db = t.ctx.database.db;
    await db.updateTable('app_user').set({ status: 0 }).where('user_name', '=', 'checker2').execute();
    await t.ctx.callers.invalidate();
    try {
      const r = await info(s);
      expect(r.status).toBe(423);
      expect(r.body.message).toMatch(CJK);
      expectRefreshRefused(await refresh(s.refreshToken));
    } finally {
      await db.updateTable('app_user').set({ status: 1 }).where('user_name', '=', 'checker2').execute();
      await t.ctx.callers.invalidate();
    }
  });

  it('a session of a deleted account answers code 50001 (HTTP 200) on routes with a response schema, not a 500', async () => {
    const s = await signIn('assistant2');
    const db = t.ctx.database.db;
    await db.updateTable('app_user').set({ deleted: 1 }).where('user_name', '=', 'assistant2').execute();
    await t.ctx.callers.invalidate();
    try {
      for (const url of ['/uac/v1/dept/getLoginUserOptionalDept', '/uac/v1/caas-user/whetherPassChanged', INFO]) {
        const r = await call(t.app, 'GET', url, { session: s });
        expect(r.status, url).toBe(200);
        expect(r.body).toEqual({ code: 50001, message: expect.stringMatching(CJK), data: null });
      }
    } finally {
      await db.updateTable('app_user').set({ deleted: 0 }).where('user_name', '=', 'assistant2').execute();
      await t.ctx.callers.invalidate();
    }
  });

  it('the sign key stays with the session across a refresh', async () => {
    const s = await signIn('finance1');
    const r = await refresh(s.refreshToken);
    expect(r.body.data.sign_key).toBe(s.signKey);
  });
});
