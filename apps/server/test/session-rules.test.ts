import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/harness.ts';
import { call, demoPassword, login } from './support/sessions.ts';

/** docs/domains/platform.md#error-catalogue: 410 (client older than the server, at login) and 409 (session displaced by a later login). */
let t: TestApp;
let single: TestApp;
beforeAll(async () => {
  [t, single] = await Promise.all([createTestApp(), createTestApp({ singleSession: true })]);
});
afterAll(async () => {
  await Promise.all([t?.close(), single?.close()]);
});

const passwordLogin = (app: TestApp, headers: Record<string, string> = {}) =>
  call(app.app, 'POST', '/uac/oauth/token', { form: { grant_type: 'password', username: 'buyer1', password: demoPassword('buyer1') }, headers });

describe('410 at login', () => {
  it('refuses a web client built before the server version, and lets in the same, a newer or an unversioned client', async () => {
    const server = t.config.version;
    const old = await passwordLogin(t, { 'x-client-version': '0.0.1' });
    expect(old.status).toBe(410);
    expect(old.body).toMatchObject({ code: 410, message: '系统已更新，请刷新页面后重新登录', data: null });
    expect((await passwordLogin(t, { 'x-client-version': server })).status).toBe(200);
    expect((await passwordLogin(t, { 'x-client-version': '999.0.0' })).status).toBe(200);
    // API clients and scripts send no version
    expect((await passwordLogin(t)).status).toBe(200);
  });
});

describe('409 with single-session login (SINGLE_SESSION)', () => {
  it('a second login ends the first session with 409 on its next call and on refresh; the new one works', async () => {
    const first = await login(single.app, 'buyer2');
    const second = await login(single.app, 'buyer2');
    const displaced = await call(single.app, 'GET', '/uac/v1/caas-user/getUserAllInfo', { session: first });
    expect(displaced.status).toBe(409);
    expect(displaced.body).toMatchObject({ code: 409, message: '您的账号已在其他地方登录，请重新登录' });
    const refresh = await call(single.app, 'POST', '/uac/oauth/token', { form: { grant_type: 'refresh_token', refresh_token: first.refreshToken } });
    expect(refresh.status).toBe(409);
    expect((await call(single.app, 'GET', '/uac/v1/caas-user/getUserAllInfo', { session: second })).status).toBe(200);
  });

  it('is off by default: two logins of one account both keep working', async () => {
    const a = await login(t.app, 'buyer2');
    const b = await login(t.app, 'buyer2');
    for (const s of [a, b]) expect((await call(t.app, 'GET', '/uac/v1/caas-user/getUserAllInfo', { session: s })).status).toBe(200);
  });
});
