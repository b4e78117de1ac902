import { createHash, createHmac } from 'node:crypto';
import { makeNonce, PUBLIC_SIGN_KEY, WEB_CLIENT_ID } from '@kc/contracts/platform/signing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/harness.ts';
import { BASIC, call, login, type Session } from './support/sessions.ts';
import { CJK } from './support/uac.ts';

let t: TestApp;
let s: Session;
beforeAll(async () => {
  t = await createTestApp();
  s = await login(t.app, 'buyer1');
});
afterAll(() => t.close());

const INFO = '/uac/v1/caas-user/getUserAllInfo?t=1';
const ILLEGAL = { code: 40001, message: '非法请求！', data: null };
const expectIllegal = (r: { status: number; body: any }) => {
  expect(r.status).toBe(400);
  expect(r.body).toEqual(ILLEGAL);
};

describe('request signing', () => {
  it('a correctly signed call passes, with a session and with the basic client credential', async () => {
    const a = await call(t.app, 'GET', INFO, { session: s });
    expect(a.status).toBe(200);
    expect(a.body.code).toBe(200);
    const b = await call(t.app, 'POST', '/uac/v1/caas-user/noauth/checkUserInfo', { json: { userName: 'buyer1', phoneNum: '13810230001' } });
    expect(b.status).toBe(200);
  });

  it('a replayed nonce is refused with 400 {code 40001, 非法请求！}', async () => {
    const nonce = makeNonce();
    expect((await call(t.app, 'GET', INFO, { session: s, nonce })).status).toBe(200);
    expectIllegal(await call(t.app, 'GET', INFO, { session: s, nonce }));
    // also across paths and keys: a nonce is spent for good
    expectIllegal(await call(t.app, 'GET', '/uac/v1/dept/getLoginUserOptionalDept', { session: s, nonce }));
  });

  it('a nonce older than 5 minutes or more than 5 minutes ahead is refused; within the window it passes', async () => {
    expectIllegal(await call(t.app, 'GET', INFO, { session: s, nonce: makeNonce(Date.now() - 5 * 60_000 - 2000) }));
    expectIllegal(await call(t.app, 'GET', INFO, { session: s, nonce: makeNonce(Date.now() + 5 * 60_000 + 2000) }));
    expect((await call(t.app, 'GET', INFO, { session: s, nonce: makeNonce(Date.now() - 4 * 60_000) })).status).toBe(200);
    expect((await call(t.app, 'GET', INFO, { session: s, nonce: makeNonce(Date.now() + 60_000) })).status).toBe(200);
  });

  it('a signature over another method is refused', async () => {
    expectIllegal(await call(t.app, 'GET', INFO, { session: s, signedMethod: 'POST' }));
    expectIllegal(await call(t.app, 'DELETE', '/uac/v1/caas-user/logout', { session: s, signedMethod: 'GET' }));
    // the session survived: the logout above never ran
    expect((await call(t.app, 'GET', INFO, { session: s })).status).toBe(200);
  });

  it('a signature over another path is refused', async () => {
    expectIllegal(await call(t.app, 'GET', INFO, { session: s, signedUrl: '/uac/v1/dept/getLoginUserOptionalDept?t=1' }));
    expectIllegal(await call(t.app, 'GET', INFO, { session: s, signedUrl: INFO.toUpperCase() }));
  });

  it('altering, adding or removing a query parameter after signing is refused', async () => {
    expectIllegal(await call(t.app, 'GET', '/uac/v1/caas-user/getUserAllInfo?t=2', { session: s, signedUrl: INFO }));
    expectIllegal(await call(t.app, 'GET', `${INFO}&t=3`, { session: s, signedUrl: INFO }));
    expectIllegal(await call(t.app, 'GET', '/uac/v1/caas-user/getUserAllInfo', { session: s, signedUrl: INFO }));
    expectIllegal(
      await call(t.app, 'POST', '/uac/oauth/token?captcha=abcd', {
        form: { grant_type: 'password', username: 'buyer1', password: 'Demo@2026' },
        signedUrl: '/uac/oauth/token',
      }),
    );
  });

  it('a body changed after signing is refused (JSON and form)', async () => {
    const multi = await login(t.app, 'multi1');
    const depts = multi.data.optionalDeptList;
    expectIllegal(
      await call(t.app, 'POST', '/uac/v1/dept/setCurrentDept', {
        session: multi,
        json: { deptId: depts[1].value },
        signedBody: JSON.stringify({ deptId: depts[0].value }),
      }),
    );
    // whitespace counts: the exact bytes are signed
    expectIllegal(
      await call(t.app, 'POST', '/uac/v1/dept/setCurrentDept', {
        session: multi,
        raw: { body: `{"deptId": ${depts[0].value}}`, type: 'application/json' },
        signedBody: `{"deptId":${depts[0].value}}`,
      }),
    );
    expectIllegal(
      await call(t.app, 'POST', '/uac/oauth/token', {
        form: { grant_type: 'password', username: 'buyer1', password: 'Demo@2026' },
        signedBody: 'grant_type=password&username=buyer2&password=Demo%402026',
      }),
    );
    // a body that was signed as empty
    expectIllegal(await call(t.app, 'POST', '/uac/v1/dept/setCurrentDept', { session: multi, json: { deptId: depts[0].value }, signedBody: '' }));
    const okCall = await call(t.app, 'POST', '/uac/v1/dept/setCurrentDept', { session: multi, json: { deptId: depts[0].value } });
    expect(okCall.status).toBe(200);
  });

  it('a missing sign, a missing nonce or a malformed nonce is refused', async () => {
    expectIllegal(await call(t.app, 'GET', INFO, { session: s, sign: null }));
    expectIllegal(await call(t.app, 'GET', INFO, { session: s, sign: '' }));
    expectIllegal(await call(t.app, 'GET', INFO, { session: s, nonce: '' }));
    expectIllegal(await call(t.app, 'GET', INFO, { session: s, nonce: 'abc' }));
    expectIllegal(await call(t.app, 'GET', INFO, { session: s, nonce: `${Date.now()}ab` }));
    expectIllegal(await call(t.app, 'GET', INFO, { session: s, sign: 'zz'.repeat(32) }));
    // no nonce header at all
    const r = await t.app.inject({ method: 'GET', url: INFO, headers: { authorization: `Bearer ${s.token}`, sign: 'a'.repeat(64) } });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toEqual(ILLEGAL);
  });

  it('the wrong key is refused: the public key with a bearer session, a session key with the basic credential', async () => {
    expectIllegal(await call(t.app, 'GET', INFO, { session: s, signKey: PUBLIC_SIGN_KEY }));
    const other = await login(t.app, 'buyer2');
    expectIllegal(await call(t.app, 'GET', INFO, { session: s, signKey: other.signKey }));
    expectIllegal(
      await call(t.app, 'POST', '/uac/v1/caas-user/noauth/checkUserInfo', { json: { userName: 'buyer1', phoneNum: '13810230001' }, signKey: s.signKey }),
    );
  });

  it('a wrong, unknown or malformed basic credential is refused with 40001, as is no credential', async () => {
    const basic = (x: string) => `Basic ${Buffer.from(x).toString('base64')}`;
    for (const authorization of [
      basic(`${WEB_CLIENT_ID}:wrong`),
      basic('nobody:caas-web-2026'),
      basic(WEB_CLIENT_ID),
      basic(':'),
      'Basic !!!',
      'Basic',
      'Token abc',
      '',
    ]) {
      const r = await call(t.app, 'POST', '/uac/v1/caas-user/noauth/checkUserInfo', { json: { userName: 'buyer1', phoneNum: '13810230001' }, authorization });
      expect(r.status, authorization).toBe(400);
      expect(r.body, authorization).toEqual(ILLEGAL);
    }
    expectIllegal(
      await call(t.app, 'POST', '/uac/v1/caas-user/noauth/checkUserInfo', { json: { userName: 'buyer1', phoneNum: '13810230001' }, authorization: null }),
    );
  });

  it('an unknown bearer token is 401 with error invalid_token', async () => {
    for (const token of ['garbage', `${s.token}x`, '1.abc.def']) {
      const r = await call(t.app, 'GET', INFO, { authorization: `Bearer ${token}`, signKey: s.signKey });
      expect(r.status).toBe(401);
      expect(r.body.error).toBe('invalid_token');
      expect(r.body.message).toMatch(CJK);
    }
  });

  it('the unsigned routes work without a signature or credential', async () => {
    const v = await t.app.inject({ method: 'GET', url: '/version.json' });
    expect(v.statusCode).toBe(200);
    // the test app runs without the captcha; the login page then shows no captcha field
    expect(v.json()).toEqual({ version: expect.any(String), captcha: false });
    const c = await t.app.inject({ method: 'GET', url: '/uac/captcha.jpg?randomStr=signing-test-01' });
    expect(c.statusCode).toBe(200);
    expect(c.headers['content-type']).toContain('image/svg+xml');
    const d = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(d.statusCode).toBe(200);
    expect(d.json().openapi).toMatch(/^3\./);
  });

  it('API routes called without a signature fail', async () => {
    const noSig = [
      { method: 'GET' as const, url: INFO, headers: { authorization: `Bearer ${s.token}` } },
      { method: 'GET' as const, url: INFO, headers: {} },
      {
        method: 'POST' as const,
        url: '/uac/oauth/token',
        headers: { authorization: BASIC, 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'grant_type=password&username=buyer1&password=Demo%402026',
      },
      {
        method: 'POST' as const,
        url: '/uac/oauth/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'grant_type=password&username=buyer1&password=Demo%402026',
      },
      { method: 'DELETE' as const, url: '/uac/v1/caas-user/logout', headers: { authorization: `Bearer ${s.token}` } },
      // a path trick does not make an API route unsigned
      { method: 'GET' as const, url: '/version.json/../uac/v1/caas-user/getUserAllInfo', headers: { authorization: `Bearer ${s.token}` } },
    ];
    for (const req of noSig) {
      const r = await t.app.inject(req);
      expect(r.statusCode, `${req.method} ${req.url}`).toBeGreaterThanOrEqual(400);
      expect(r.statusCode).toBeLessThan(500);
      expect(r.body).not.toContain('access_token');
    }
    for (const req of noSig.slice(0, 5)) expect((await t.app.inject(req)).json()).toEqual(ILLEGAL);
    expect((await call(t.app, 'GET', INFO, { session: s })).status).toBe(200);
  });

  it('a request refused for its signature does not spend its nonce', async () => {
    const nonce = makeNonce();
    expectIllegal(await call(t.app, 'GET', INFO, { session: s, nonce, signKey: PUBLIC_SIGN_KEY }));
    expect((await call(t.app, 'GET', INFO, { session: s, nonce })).status).toBe(200);
  });

  it('the server checks exactly METHOD\\nPATH_WITH_QUERY\\nNONCE\\nBODY_SHA256 (built here by hand)', async () => {
    const url = '/uac/v1/caas-user/noauth/checkUserInfo?t=%E4%B8%AD';
    const body = '{"userName":"buyer1","phoneNum":"13810230001"}';
    const nonce = makeNonce();
    const text = `POST\n${url}\n${nonce}\n${createHash('sha256').update(body, 'utf8').digest('hex')}`;
    const sign = createHmac('sha256', PUBLIC_SIGN_KEY).update(text, 'utf8').digest('hex');
    const r = await t.app.inject({ method: 'POST', url, payload: body, headers: { authorization: BASIC, 'content-type': 'application/json', nonce, sign } });
    expect(r.statusCode).toBe(200);
    // upper-case hex is the same signature
    const nonce2 = makeNonce();
    const sign2 = createHmac('sha256', PUBLIC_SIGN_KEY)
      .update(`GET\n${INFO}\n${nonce2}\n${createHash('sha256').update('').digest('hex')}`)
      .digest('hex');
    const r2 = await t.app.inject({ method: 'GET', url: INFO, headers: { authorization: BASIC, nonce: nonce2, sign: sign2.toUpperCase() } });
    expect(r2.statusCode).toBe(401); // signed fine; the route needs a login
  });

  it('a signed call to an unknown API path is 404, not 403 (403 would log the web client out)', async () => {
    const r = await call(t.app, 'GET', '/uac/v1/no-such-thing?t=1', { session: s });
    expect(r.status).toBe(404);
    expect(r.body.message).toMatch(CJK);
    const r2 = await call(t.app, 'POST', '/mall/v1/no-such-thing', { json: {} });
    expect(r2.status).toBe(404);
  });
});
