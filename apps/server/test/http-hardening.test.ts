import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trustedProxies } from '../src/config.ts';
import { createTestApp, type TestApp } from './support/harness.ts';
import { call, demoSessions } from './support/sessions.ts';

/** What a client meets at the edge: typed error answers, lost files, parser errors, proxy headers. */
let t: TestApp;
let proxied: TestApp;
const { as } = demoSessions(() => t);

beforeAll(async () => {
  [t, proxied] = await Promise.all([createTestApp(), createTestApp({ seed: true, trustProxy: '127.0.0.1' })]);
});
afterAll(async () => {
  await Promise.all([t.close(), proxied.close()]);
});

describe('error answers', () => {
  it('are typed JSON, whatever produced them', async () => {
    const malformed = await call(t.app, 'GET', '/mall/v1/order-detail/abc<script>', { session: await as('buyer1') });
    expect(malformed.status).toBe(400);
    expect(malformed.raw.headers['content-type']).toBe('application/json; charset=utf-8');
    const refused = await call(t.app, 'GET', '/uac/v1/caas-user/page', { session: await as('buyer1') });
    expect(refused.body.code).toBe(40300);
    expect(refused.raw.headers['content-type']).toBe('application/json; charset=utf-8');
    const unknown = await t.app.inject({ method: 'GET', url: '/mall/v1/nothing-here' });
    expect(unknown.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  // a signed link whose file's bytes are gone answers 404 in the envelope: files.test.ts, on every store

  it('answers headers too large for the parser in the envelope (431)', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const raw = await new Promise<string>((resolve, reject) => {
      const s = net.connect(Number(port), '127.0.0.1', () => {
        s.write(`GET /version.json HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
      });
      let got = '';
      s.on('data', (d) => {
        got += d.toString();
      });
      s.on('end', () => resolve(got));
      s.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 431/);
    expect(raw).toContain('application/json; charset=utf-8');
    expect(raw).toContain('请求头过大');
  });
});

describe('security headers', () => {
  it('go with every answer: CSP without inline script, no framing, no sniffing, no caching of API answers', async () => {
    const api = await call(t.app, 'GET', '/mall/v1/cart/num', { session: await as('buyer1') });
    const version = await t.app.inject({ method: 'GET', url: '/version.json' });
    for (const h of [api.raw.headers, version.headers]) {
      expect(h['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(h['content-security-policy']).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(h['x-content-type-options']).toBe('nosniff');
      expect(h['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
    // pages may run this origin's scripts; API answers (data, never documents) may load nothing
    expect(version.headers['content-security-policy']).toContain("script-src 'self'");
    expect(api.raw.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(api.raw.headers['cache-control']).toBe('no-store');
    // errors too
    const refused = await t.app.inject({ method: 'GET', url: '/mall/v1/cart/num' });
    expect(refused.headers['content-security-policy']).toBeDefined();
    expect(refused.headers['cache-control']).toBe('no-store');
  });
});

describe('behind a reverse proxy', () => {
  const loginIp = async (app: TestApp, remoteAddress: string, forwarded: string) => {
    const res = await call(app.app, 'POST', '/uac/oauth/token', {
      form: { grant_type: 'password', username: 'buyer2', password: 'Demo@2026' },
      remoteAddress,
      headers: { 'x-forwarded-for': forwarded },
    });
    expect(res.body.code).toBe(200);
    const row = await app.ctx.database.db
      .selectFrom('audit_log')
      .select('ip')
      .where('action', '=', 'user.login')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return row.ip;
  };

  it('believes X-Forwarded-For only from a trusted proxy, and only its last hop', async () => {
    // through the trusted proxy: the address the proxy saw, not what the client wrote before it
    expect(await loginIp(proxied, '127.0.0.1', '6.6.6.6, 203.0.113.7')).toBe('203.0.113.7');
    // straight from an untrusted address: the forged header is ignored
    expect(await loginIp(proxied, '198.51.100.9', '6.6.6.6')).toBe('198.51.100.9');
    // without TRUST_PROXY nothing forwarded counts
    expect(await loginIp(t, '127.0.0.1', '6.6.6.6')).toBe('127.0.0.1');
  });

  it('takes proxy addresses or ranges, loopback for true, and refuses anything else', () => {
    expect(trustedProxies(undefined)).toBe(false);
    expect(trustedProxies('true')).toBe('127.0.0.1,::1');
    expect(trustedProxies('10.0.0.0/8, 192.168.1.5')).toBe('10.0.0.0/8,192.168.1.5');
    expect(() => trustedProxies('*')).toThrow(/TRUST_PROXY/);
  });
});

describe('lookups without login', () => {
  const post = (url: string, json: unknown, remoteAddress: string) => call(t.app, 'POST', url, { json, remoteAddress });

  it('answer an unknown name like a known one that is not frozen, or like a wrong code', async () => {
    const unknown = await post('/uac/v1/sms/noauth/sendUnlockCode', { userName: 'no-such-user-7' }, '203.0.113.21');
    const notFrozen = await post('/uac/v1/sms/noauth/sendUnlockCode', { userName: 'finance2' }, '203.0.113.22');
    expect(unknown.body).toEqual(notFrozen.body);
    const unblockUnknown = await post('/uac/v1/caas-user/noauth/autoUnBlock', { userName: 'no-such-user-7', code: '123456', channel: 'sms' }, '203.0.113.23');
    const unblockActive = await post('/uac/v1/caas-user/noauth/autoUnBlock', { userName: 'finance2', code: '123456', channel: 'sms' }, '203.0.113.24');
    expect(unblockUnknown.body).toEqual(unblockActive.body);
    const codeUnknown = await post('/uac/v1/caas-user/self/noauth/checkUserVerification', { userName: 'no-such-user-7', code: '123456' }, '203.0.113.25');
    const codeWrong = await post('/uac/v1/caas-user/self/noauth/checkUserVerification', { userName: 'finance2', code: '123456' }, '203.0.113.26');
    expect(codeUnknown.body).toEqual(codeWrong.body);
    expect(codeUnknown.body.code).toBe(40004);
  });

  it('找回密码 answers an unknown name like a known name with a wrong phone, and sends only on a match', async () => {
    const phone = '13700001111';
    const checkUnknown = await post('/uac/v1/caas-user/noauth/checkUserInfo', { userName: 'no-such-user-8', phoneNum: phone }, '203.0.113.31');
    const checkWrong = await post('/uac/v1/caas-user/noauth/checkUserInfo', { userName: 'finance2', phoneNum: phone }, '203.0.113.32');
    expect(checkUnknown.status).toBe(400);
    expect(checkUnknown.body).toEqual(checkWrong.body);
    // a name alone discloses nothing: the phone is required
    expect((await post('/uac/v1/caas-user/noauth/checkUserInfo', { userName: 'finance2' }, '203.0.113.33')).body.data ?? null).toBeNull();

    const outbox = () =>
      t.ctx.database.db
        .selectFrom('outbox')
        .select((e) => e.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
    const before = Number((await outbox()).n);
    const sendUnknown = await post('/uac/v1/sms/noauth/sendCode', { userName: 'no-such-user-8', phoneNum: phone }, '203.0.113.34');
    const sendWrong = await post('/uac/v1/sms/noauth/sendCode', { userName: 'finance2', phoneNum: phone }, '203.0.113.35');
    expect(sendUnknown.status).toBe(200);
    expect(sendUnknown.body).toEqual(sendWrong.body);
    expect(sendUnknown.body.data).toEqual({ sentTo: '137****1111' });
    expect(Number((await outbox()).n)).toBe(before);
    // the resend limit is counted before the lookup: an unknown name is limited like a known one
    expect((await post('/uac/v1/sms/noauth/sendCode', { userName: 'no-such-user-8', phoneNum: phone }, '203.0.113.36')).status).toBe(429);
    expect((await post('/uac/v1/sms/noauth/sendCode', { userName: 'finance2', phoneNum: phone }, '203.0.113.37')).status).toBe(429);
  });

  it('are limited per account name across addresses, and per address across names', async () => {
    const byName = [];
    for (let i = 0; i < 11; i++)
      byName.push(await post('/uac/v1/caas-user/noauth/checkUserInfo', { userName: 'checker2', phoneNum: '13900000000' }, `198.51.100.${i + 1}`));
    expect(byName.slice(0, 10).every((r) => r.status !== 429)).toBe(true);
    expect(byName[10].status).toBe(429);
    const byIp = [];
    for (let i = 0; i < 31; i++)
      byIp.push(await post('/uac/v1/caas-user/noauth/checkUserInfo', { userName: `someone-${i}`, phoneNum: '13900000000' }, '192.0.2.77'));
    expect(byIp.slice(0, 30).every((r) => r.status !== 429)).toBe(true);
    expect(byIp[30].status).toBe(429);
  });
});
