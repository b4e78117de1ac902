import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryKv } from '../src/platform/kv/memory-kv.ts';
import { createTestApp, type TestApp } from './support/harness.ts';
import { call, login, type Session } from './support/sessions.ts';
import { addresses, auditActions, CJK, lastCode } from './support/uac.ts';

let t: TestApp;
let skew = 0;
const kv = new MemoryKv(() => Date.now() + skew);
const ip = addresses('10.60');
beforeAll(async () => {
  t = await createTestApp({ kv });
});
afterAll(async () => {
  await t.close();
  await kv.close();
});

const signIn = (user: string, password?: string) => login(t.app, user, password, { remoteAddress: ip() });
const tryLogin = (username: string, password: string) =>
  call(t.app, 'POST', '/uac/oauth/token', { form: { grant_type: 'password', username, password }, remoteAddress: ip() });
const post = (url: string, json: unknown, session?: Session) => call(t.app, 'POST', url, { json, session, remoteAddress: ip() });
const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

function expectBad(r: { status: number; body: any }, code = 40000) {
  expect(r.status).toBe(400);
  expect(r.body.code).toBe(code);
  expect(r.body.message).toMatch(CJK);
}

describe('forced first-time password change (newbie1)', () => {
  let s: Session;
  beforeAll(async () => {
    s = await signIn('newbie1');
  });

  it('the login answer flags it and whetherPassChanged is false', async () => {
    expect(s.data.user.whetherForceModifyPassword).toBe(true);
    const r = await call(t.app, 'GET', '/uac/v1/caas-user/whetherPassChanged', { session: s });
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ whetherPassChanged: false });
    const infoR = await call(t.app, 'GET', '/uac/v1/caas-user/getUserAllInfo', { session: s });
    expect(infoR.body.data.user.whetherForceModifyPassword).toBe(true);
  });

  it('the server serves nothing else until the change, with 40013 (no logout)', async () => {
    for (const [method, url] of [
      ['GET', '/mall/v1/cart/num'],
      ['GET', '/mall/v1/order-caas/buyer/page'],
      ['GET', '/mall/v1/message/page'],
    ] as const) {
      const r = await call(t.app, method, url, { session: s });
      expect(r.status).toBe(400);
      expect(r.body.code).toBe(40013);
      expect(r.body.message).toBe('首次登录请先修改初始密码');
    }
    const add = await post('/mall/v1/cart/add', { itemId: 1, quantity: 1 }, s);
    expect(add.body.code).toBe(40013);
    // what the forced-change dialog itself needs still works
    expect((await call(t.app, 'GET', '/uac/v1/dept/getLoginUserOptionalDept', { session: s })).status).toBe(200);
  });

  it('a weak new password is a Chinese 400 naming the rule', async () => {
    for (const weak of ['abc', 'abcdefgh', '12345678', 'a1', 'A1'.repeat(11)]) {
      const r = await post('/uac/v1/caas-user/verifyAndModify', { oldPassword: 'Demo@2026', newPassword: weak }, s);
      expectBad(r);
      expect(r.body.message).toContain('密码');
    }
  });

  it('a wrong old password is 400; the new password equal to the old one is 400', async () => {
    const wrong = await post('/uac/v1/caas-user/verifyAndModify', { oldPassword: 'Wrong@2026', newPassword: 'Fresh2026a' }, s);
    expectBad(wrong);
    expect(wrong.body.message).toContain('原密码');
    expectBad(await post('/uac/v1/caas-user/verifyAndModify', { oldPassword: 'Demo@2026', newPassword: 'Demo@2026' }, s));
    // still the old password
    expect((await call(t.app, 'GET', '/uac/v1/caas-user/whetherPassChanged', { session: s })).status).toBe(200);
  });

  it('success ends the session; the new password logs in and the flag is cleared', async () => {
    const r = await post('/uac/v1/caas-user/verifyAndModify', { oldPassword: 'Demo@2026', newPassword: 'Fresh2026a' }, s);
    expect(r.status).toBe(200);
    expect(r.body.message).toMatch(CJK);
    const old = await call(t.app, 'GET', '/uac/v1/caas-user/whetherPassChanged', { session: s });
    expect(old.status).toBe(401);
    expect((await tryLogin('newbie1', 'Demo@2026')).body.code).toBe(40003);
    const again = await signIn('newbie1', 'Fresh2026a');
    expect(again.data.user.whetherForceModifyPassword).toBe(false);
    const changed = await call(t.app, 'GET', '/uac/v1/caas-user/whetherPassChanged', { session: again });
    expect(changed.body.data).toEqual({ whetherPassChanged: true });
    const infoR = await call(t.app, 'GET', '/uac/v1/caas-user/getUserAllInfo', { session: again });
    expect(infoR.body.data.user.whetherForceModifyPassword).toBe(false);
    expect((await call(t.app, 'GET', '/mall/v1/cart/num', { session: again })).status).toBe(200);
    const uid = again.data.user.id;
    expect((await auditActions(t, uid)).map((a) => a.action)).toContain('user.modifyPassword');
  });

  it('the routes need a login', async () => {
    expect((await post('/uac/v1/caas-user/verifyAndModify', { oldPassword: 'a', newPassword: 'Fresh2026b' })).status).toBe(401);
    expect((await call(t.app, 'GET', '/uac/v1/caas-user/whetherPassChanged')).status).toBe(401);
  });
});

describe('password reset without login (buyer2)', () => {
  const PHONE = '13916580001';

  it('checkUserInfo confirms name and phone with masked contact data; a wrong phone or name, or no phone, is 400', async () => {
    const r = await post('/uac/v1/caas-user/noauth/checkUserInfo', { userName: 'buyer2', phoneNum: PHONE });
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ userName: 'buyer2', phoneNum: '139****0001', email: null });
    expectBad(await post('/uac/v1/caas-user/noauth/checkUserInfo', { userName: 'buyer2', phoneNum: '13916580009' }));
    expectBad(await post('/uac/v1/caas-user/noauth/checkUserInfo', { userName: 'nobody-at-all', phoneNum: PHONE }));
    expectBad(await post('/uac/v1/caas-user/noauth/checkUserInfo', { userName: 'buyer2', phoneNum: '12345' }));
    expectBad(await post('/uac/v1/caas-user/noauth/checkUserInfo', { userName: 'buyer2' }));
  });

  it('sendCode → checkUserVerification → modifyWithCodeNoLogin sets a new password', async () => {
    const sent = await post('/uac/v1/sms/noauth/sendCode', { userName: 'buyer2', phoneNum: PHONE });
    expect(sent.status).toBe(200);
    expect(sent.body.data).toEqual({ sentTo: '139****0001' });
    const code = await lastCode(t, PHONE);
    expect((await post('/uac/v1/sms/noauth/sendCode', { userName: 'buyer2', phoneNum: PHONE })).status).toBe(429);

    expectBad(await post('/uac/v1/caas-user/self/noauth/checkUserVerification', { userName: 'buyer2', code: wrongOf(code) }), 40004);
    const checked = await post('/uac/v1/caas-user/self/noauth/checkUserVerification', { userName: 'buyer2', code });
    expect(checked.status).toBe(200);
    // checking does not spend the code
    expect((await post('/uac/v1/caas-user/self/noauth/checkUserVerification', { userName: 'buyer2', code })).status).toBe(200);

    expectBad(await post('/uac/v1/caas-user/self/noauth/modifyWithCodeNoLogin', { userName: 'buyer2', code, newPassword: 'short' }));
    expectBad(await post('/uac/v1/caas-user/self/noauth/modifyWithCodeNoLogin', { userName: 'buyer1', code, newPassword: 'Reset2026x' }), 40004);
    const done = await post('/uac/v1/caas-user/self/noauth/modifyWithCodeNoLogin', { userName: 'buyer2', code, newPassword: 'Reset2026x' });
    expect(done.status).toBe(200);
    expect(done.body.message).toMatch(CJK);
    expect((await tryLogin('buyer2', 'Demo@2026')).body.code).toBe(40003);
    expect((await tryLogin('buyer2', 'Reset2026x')).status).toBe(200);
    // single use
    expectBad(await post('/uac/v1/caas-user/self/noauth/modifyWithCodeNoLogin', { userName: 'buyer2', code, newPassword: 'Again2026x' }), 40004);
    expect((await tryLogin('buyer2', 'Reset2026x')).status).toBe(200);
  });

  it('the reset ends sessions that were open before it', async () => {
    const s = await signIn('owner2');
    skew += 61_000;
    await post('/uac/v1/sms/noauth/sendCode', { userName: 'owner2', phoneNum: '13916580003' });
    const code = await lastCode(t, '13916580003');
    expect((await post('/uac/v1/caas-user/self/noauth/modifyWithCodeNoLogin', { userName: 'owner2', code, newPassword: 'Reset2026y' })).status).toBe(200);
    expect((await call(t.app, 'GET', '/uac/v1/caas-user/getUserAllInfo', { session: s })).status).toBe(401);
  });

  it('sending for an unknown user answers like a sent code and sends nothing; the phone is required', async () => {
    const sent = await post('/uac/v1/sms/noauth/sendCode', { userName: 'nobody-at-all', phoneNum: '13916580077' });
    expect(sent.status).toBe(200);
    expect(sent.body.data).toEqual({ sentTo: '139****0077' });
    await expect(lastCode(t, '13916580077')).rejects.toThrow();
    expectBad(await post('/uac/v1/sms/noauth/sendCode', { userName: 'buyer2' }));
  });
});

describe('logged-in change with an SMS code (leader1)', () => {
  const PHONE = '13810230002';
  it('sms/sendCode then self/modifyWithCode changes the password and ends the session', async () => {
    const s = await signIn('leader1');
    const sent = await call(t.app, 'POST', '/uac/v1/sms/sendCode', { session: s, remoteAddress: ip() });
    expect(sent.status).toBe(200);
    expect(sent.body.data).toEqual({ sentTo: '138****0002' });
    const code = await lastCode(t, PHONE);
    expectBad(await post('/uac/v1/caas-user/self/modifyWithCode', { code: wrongOf(code), newPassword: 'ByCode2026' }, s), 40004);
    expectBad(await post('/uac/v1/caas-user/self/modifyWithCode', { code, newPassword: 'weak' }, s));
    const ok = await post('/uac/v1/caas-user/self/modifyWithCode', { code, newPassword: 'ByCode2026' }, s);
    expect(ok.status).toBe(200);
    expect((await call(t.app, 'GET', '/uac/v1/caas-user/getUserAllInfo', { session: s })).status).toBe(401);
    expect((await tryLogin('leader1', 'ByCode2026')).status).toBe(200);
  });

  it('a code sent for a reset does not work for a logged-in change, and the reverse', async () => {
    skew += 61_000;
    const s = await signIn('finance1');
    await post('/uac/v1/sms/noauth/sendCode', { userName: 'finance1', phoneNum: '13810230005' });
    const resetCode = await lastCode(t, '13810230005');
    expectBad(await post('/uac/v1/caas-user/self/modifyWithCode', { code: resetCode, newPassword: 'Mixed2026a' }, s), 40004);
    await call(t.app, 'POST', '/uac/v1/sms/sendCode', { session: s, remoteAddress: ip() });
    const modifyCode = await lastCode(t, '13810230005');
    if (modifyCode !== resetCode) {
      expectBad(
        await post('/uac/v1/caas-user/self/noauth/modifyWithCodeNoLogin', { userName: 'finance1', code: modifyCode, newPassword: 'Mixed2026b' }),
        40004,
      );
    }
  });
});

describe('getUserAllInfo travels compressed to a browser', () => {
  it('gzip when accepted (the same JSON), plain otherwise, and never when refused with q=0', async () => {
    const s = await signIn('buyer1');
    const plain = await call(t.app, 'GET', '/uac/v1/caas-user/getUserAllInfo', { session: s });
    expect(plain.raw.headers['content-encoding']).toBeUndefined();
    expect(plain.body.data.user.userName).toBe('buyer1');
    const zipped = await call(t.app, 'GET', '/uac/v1/caas-user/getUserAllInfo', { session: s, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(zipped.raw.headers['content-encoding']).toBe('gzip');
    expect(zipped.raw.headers.vary).toMatch(/accept-encoding/i);
    expect(zipped.raw.rawPayload.length).toBeLessThan(plain.raw.rawPayload.length / 2);
    expect(JSON.parse(gunzipSync(zipped.raw.rawPayload).toString('utf8'))).toEqual(plain.body);
    const refused = await call(t.app, 'GET', '/uac/v1/caas-user/getUserAllInfo', { session: s, headers: { 'accept-encoding': 'gzip;q=0, *' } });
    expect(refused.raw.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toEqual(plain.body);
  });
});
