import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { verifyPartnerTicket } from '../src/modules/identity/sso/index.ts';
import { type CasServer, startCasServer } from './support/cas-server.ts';
import { createTestApp, type TestApp } from './support/harness.ts';
import { lookups } from './support/lookups.ts';
import { call, demoSessions } from './support/sessions.ts';

/**
 * Single sign-on through an institute's CAS server (a protocol server started here): the login URL,
 * ticket validation with the service URL checked and a 1 s limit, identity → account of that
 * institute only, the one-time code, privacy consent, frozen and unknown accounts; the partner
 * hand-over ticket; getSecretByType; who may configure it.
 */
let t: TestApp;
let cas: CasServer;
const { req } = demoSessions(() => t);
const { instituteId, userId } = lookups(() => t);
const ORIGIN = 'https://mall.example.cn';
const SERVICE = `${ORIGIN}/api/zjs/cas/sso.lf?org=iccas`;
let configId: number;

const anon = (method: string, url: string, json?: unknown) => call(t.app, method, url, json === undefined ? {} : { json });
const check = (ticket?: string) => anon('GET', `/api/zjs/cas/ssoCheck.lf?org=iccas${ticket ? `&ticket=${ticket}` : ''}`);
const casConfig = async (over: Record<string, unknown> = {}) => ({
  instituteId: await instituteId('ICCAS'),
  code: 'iccas',
  casBaseUrl: cas.base,
  casVersion: '3.0',
  serviceOrigin: ORIGIN,
  userAttribute: '',
  matchField: 'user_name',
  enabled: true,
  ...over,
});
/** one whole login: ticket → check → agree when asked → token */
async function ssoLogin(user: string) {
  const checked = (await check(cas.issue(user, SERVICE))).body;
  expect(checked.code).toBe(200);
  expect(checked.data.result).toBe('ok');
  if (checked.data.needAgree) expect((await anon('POST', '/uac/common/v1/noauth/ssoAgreeSecretLogin', { code: checked.data.code })).body.code).toBe(200);
  return (await anon('GET', `/api/sso/getToken.lf?code=${checked.data.code}`)).body;
}

beforeAll(async () => {
  t = await createTestApp();
  cas = await startCasServer();
  const made = await req('admin', 'POST', '/api/sso/cas/add', await casConfig());
  expect(made.body.code).toBe(200);
  configId = made.body.data.id;
});
afterAll(async () => {
  await cas.close();
  await t.close();
});
beforeEach(() => {
  cas.delayMs = 0;
});

describe('CAS login', () => {
  it('without a ticket answers the CAS login URL carrying this institute’s service URL', async () => {
    const r = (await check()).body;
    expect(r.data).toEqual({ result: 'login', loginUrl: `${cas.base}/login?service=${encodeURIComponent(SERVICE)}`, instituteName: '中国科学院化学研究所' });
    expect((await anon('GET', '/api/zjs/cas/ssoCheck.lf?org=nowhere')).body.code).toBe(404);
    expect((await anon('GET', '/api/zjs/cas/orgs')).body.data).toEqual([{ code: 'iccas', instituteName: '中国科学院化学研究所' }]);
  });

  it('a valid ticket → privacy consent on first login → the normal token pair, the code used once', async () => {
    const checked = (await check(cas.issue('buyer1', SERVICE))).body.data;
    expect(checked).toMatchObject({ result: 'ok', needAgree: true, realName: '王晓明' });
    // not before the privacy policy is accepted
    const early = (await anon('GET', `/api/sso/getToken.lf?code=${checked.code}`)).body;
    expect(early).toMatchObject({ code: 40000, message: '请先阅读并同意隐私政策' });
    expect((await anon('POST', '/uac/common/v1/noauth/ssoAgreeSecretLogin', { code: checked.code })).body.code).toBe(200);
    const token = (await anon('GET', `/api/sso/getToken.lf?code=${checked.code}`)).body;
    expect(token.code).toBe(200);
    expect(token.data.user.userName).toBe('buyer1');
    // the session works like any login's
    const session = { token: token.data.access_token, signKey: token.data.sign_key, refreshToken: token.data.refresh_token, data: token.data };
    const info = (await call(t.app, 'GET', '/uac/v1/caas-user/getUserAllInfo', { session })).body;
    expect(info.code).toBe(200);
    // the code is single use
    expect((await anon('GET', `/api/sso/getToken.lf?code=${checked.code}`)).body.message).toContain('登录凭证无效或已过期');
    // the consent is recorded once; the next login does not ask again
    const consents = await t.ctx.database.db
      .selectFrom('privacy_consent')
      .selectAll()
      .where('user_id', '=', await userId('buyer1'))
      .execute();
    expect(consents).toHaveLength(1);
    expect((await check(cas.issue('buyer1', SERVICE))).body.data.needAgree).toBe(false);
  });

  it('an edited privacy policy is a new version: the user agrees again', async () => {
    expect((await ssoLogin('leader1')).code).toBe(200);
    const policy = (await req('admin', 'GET', '/mall/v1/webPageConfig/page?kind=privacy&size=10')).body.data.records[0];
    const edited = { id: policy.id, kind: 'privacy', title: policy.title, content: `${policy.content}<p>第十条 新增条款。</p>`, sort: policy.sort };
    expect((await req('admin', 'PUT', '/mall/v1/webPageConfig/update', edited)).body.code).toBe(200);
    expect((await check(cas.issue('leader1', SERVICE))).body.data.needAgree).toBe(true);
  });

  it('refuses a forged ticket, a replayed ticket and a ticket issued for another service URL', async () => {
    expect((await check('ST-forged0000000000')).body).toMatchObject({ code: 40000, message: '登录票据无效或已过期，请重新登录' });

    const ticket = cas.issue('buyer1', SERVICE);
    expect((await check(ticket)).body.data.result).toBe('ok');
    const before = cas.validations;
    expect((await check(ticket)).body).toMatchObject({ code: 40000, message: '该登录票据已使用，请重新登录' });
    // refused here, not left to the CAS server
    expect(cas.validations).toBe(before);

    const elsewhere = cas.issue('buyer1', 'https://evil.example.com/api/zjs/cas/sso.lf?org=iccas');
    expect((await check(elsewhere)).body).toMatchObject({ code: 40000, message: '登录票据无效或已过期，请重新登录' });
  });

  it('a CAS server that does not answer within 1 s: refused in about a second, no hang', async () => {
    cas.delayMs = 3000;
    const started = Date.now();
    const r = (await check(cas.issue('buyer1', SERVICE))).body;
    const took = Date.now() - started;
    expect(r).toMatchObject({ code: 40000, message: '中国科学院化学研究所统一身份认证服务暂不可用，请稍后再试' });
    expect(took).toBeGreaterThanOrEqual(950);
    expect(took).toBeLessThan(2000);
  });

  it('an identity with no account of this institute is noUser, even when another institute has that name', async () => {
    expect((await check(cas.issue('nobody', SERVICE))).body.data).toMatchObject({ result: 'noUser', identity: 'nobody' });
    // buyer2 is of SIMM: the ICCAS CAS server cannot log them in
    expect((await check(cas.issue('buyer2', SERVICE))).body.data).toMatchObject({ result: 'noUser', identity: 'buyer2' });
    // nor the platform admin
    expect((await check(cas.issue('admin', SERVICE))).body.data.result).toBe('noUser');
  });

  it('a frozen account is sent to unfreeze with the data /UnFreeze needs; no code is issued', async () => {
    const id = await userId('freeze1');
    await t.ctx.database.db.updateTable('app_user').set({ status: 2 }).where('id', '=', id).execute();
    try {
      const r = (await check(cas.issue('freeze1', SERVICE))).body.data;
      expect(r).toEqual({ result: 'frozen', id, userName: 'freeze1', phoneNum: '138****0010', instituteName: '中国科学院化学研究所' });
    } finally {
      await t.ctx.database.db.updateTable('app_user').set({ status: 1 }).where('id', '=', id).execute();
    }
  });

  it('maps a CAS attribute (protocol 2.0) to the e-mail, case-insensitively', async () => {
    expect(
      (
        await req('admin', 'POST', '/api/sso/cas/update', {
          id: configId,
          ...(await casConfig({ casVersion: '2.0', userAttribute: 'mail', matchField: 'email' })),
        })
      ).body.code,
    ).toBe(200);
    try {
      cas.attributes.set('u20190731', { mail: 'WangXM@iccas.example.cn' });
      const r = (await check(cas.issue('u20190731', SERVICE))).body.data;
      expect(r).toMatchObject({ result: 'ok', realName: '王晓明' });
      // no such attribute: said plainly
      expect((await check(cas.issue('u-without-mail', SERVICE))).body.message).toContain('未提供“mail”属性');
    } finally {
      await req('admin', 'POST', '/api/sso/cas/update', { id: configId, ...(await casConfig()) });
    }
  });

  it('a disabled configuration is not offered', async () => {
    await req('admin', 'POST', '/api/sso/cas/update', { id: configId, ...(await casConfig({ enabled: false })) });
    try {
      expect((await check()).body).toMatchObject({ code: 404, message: '该单位未开通统一身份认证登录' });
    } finally {
      await req('admin', 'POST', '/api/sso/cas/update', { id: configId, ...(await casConfig()) });
    }
  });
});

describe('configuration: who and what', () => {
  it('only the platform admin configures; one configuration per institute and code', async () => {
    for (const user of ['buyer1', 'owner1']) expect((await req(user, 'GET', '/api/sso/cas/page')).body.code, user).toBe(40300);
    expect((await req('owner1', 'POST', '/api/sso/cas/add', await casConfig({ code: 'iccas2' }))).body.code).toBe(40300);
    expect((await req('admin', 'POST', '/api/sso/cas/add', await casConfig({ code: 'iccas2' }))).body.code).toBe(40009);
    expect((await req('admin', 'POST', '/api/sso/cas/add', await casConfig({ instituteId: await instituteId('SIMM') }))).body.code).toBe(40009);
    expect((await req('admin', 'POST', '/api/sso/cas/add', await casConfig({ casBaseUrl: 'javascript:alert(1)' }))).body.code).toBe(40000);
    const page = (await req('admin', 'GET', `/api/sso/cas/page?keyword=${encodeURIComponent('化学')}`)).body.data;
    expect(page.records.map((r: { code: string }) => r.code)).toEqual(['iccas']);
    expect(page.records[0].serviceUrl).toBe(SERVICE);
  });
});

describe('partner systems', () => {
  it('a logged-in user of the bound institute gets a 60 s ticket only that partner can verify', async () => {
    const made = (
      await req('admin', 'POST', '/api/sso/partner/add', {
        code: 'lims',
        name: '化学所仪器共享平台',
        targetUrl: 'https://lims.iccas.example.cn/sso',
        instituteId: await instituteId('ICCAS'),
      })
    ).body;
    expect(made.code).toBe(200);
    const { id, secret } = made.data;
    // the secret is never listed
    expect(JSON.stringify((await req('admin', 'GET', '/api/sso/partner/list')).body.data)).not.toContain(secret);

    expect((await req('buyer1', 'GET', '/api/sso/partner/options')).body.data).toEqual([{ code: 'lims', name: '化学所仪器共享平台' }]);
    const handed = (await req('buyer1', 'POST', '/api/sso/partner/ticket', { partner: 'lims' })).body.data;
    expect(handed.url.startsWith('https://lims.iccas.example.cn/sso?ticket=')).toBe(true);
    const ticket = decodeURIComponent(handed.url.split('ticket=')[1]);
    expect(verifyPartnerTicket(secret, ticket, 'lims')).toMatchObject({ sub: await userId('buyer1'), userName: 'buyer1', realName: '王晓明' });
    expect(verifyPartnerTicket(secret, ticket, 'other')).toBeNull();
    expect(verifyPartnerTicket('wrong', ticket, 'lims')).toBeNull();
    expect(verifyPartnerTicket(secret, ticket, 'lims', Date.now() + 61_000)).toBeNull();

    // another institute's user: not offered, not issued
    expect((await req('buyer2', 'GET', '/api/sso/partner/options')).body.data).toEqual([]);
    expect((await req('buyer2', 'POST', '/api/sso/partner/ticket', { partner: 'lims' })).body.code).toBe(404);
    // without login: refused
    expect((await anon('POST', '/api/sso/partner/ticket', { partner: 'lims' })).body.code).not.toBe(200);

    // rotating the secret: tickets signed with the old one no longer verify
    const rotated = (await req('admin', 'POST', `/api/sso/partner/rotate/${id}`)).body.data.secret;
    const next = decodeURIComponent((await req('buyer1', 'POST', '/api/sso/partner/ticket', { partner: 'lims' })).body.data.url.split('ticket=')[1]);
    expect(verifyPartnerTicket(secret, next, 'lims')).toBeNull();
    expect(verifyPartnerTicket(rotated, next, 'lims')).not.toBeNull();
    expect((await req('buyer1', 'POST', `/api/sso/partner/rotate/${id}`)).body.code).toBe(40300);
  });
});

describe('privacy texts', () => {
  it('getSecretByType answers the published privacy policy and service agreement with a version', async () => {
    const p = (await anon('GET', '/mall/v1/secret/noauth/getSecretByType?type=1')).body.data;
    expect(p).toMatchObject({ type: 1, title: '隐私政策' });
    expect(p.content.length).toBeGreaterThan(100);
    expect(p.version).toMatch(/^[0-9a-f]{16}$/);
    expect((await anon('GET', '/mall/v1/secret/noauth/getSecretByType?type=2')).body.data.title).toBe('平台服务协议');
    expect((await anon('GET', '/mall/v1/secret/noauth/getSecretByType?type=3')).body.code).toBe(40000);
  });
});
