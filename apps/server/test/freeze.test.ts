import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryKv } from '../src/platform/kv/memory-kv.ts';
import { createTestApp, type TestApp } from './support/harness.ts';
import { call, login } from './support/sessions.ts';
import { addresses, auditActions, CJK, lastCode, lastMessage } from './support/uac.ts';

let t: TestApp;
let skew = 0;
const kv = new MemoryKv(() => Date.now() + skew);
const ip = addresses('10.40');
const PHONE = '13810230010';
const MAIL = 'zhenghao@iccas.example.cn';
let uid: number;

beforeAll(async () => {
  t = await createTestApp({ kv });
  uid = (await t.ctx.database.db.selectFrom('app_user').select('id').where('user_name', '=', 'freeze1').executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await t.close();
  await kv.close();
});

/** Lets a minute pass for the key-value store (send limits), keeping real time for nonces. */
const aMinuteLater = () => {
  skew += 61_000;
};

const attempt = (password: string, userName = 'freeze1') =>
  call(t.app, 'POST', '/uac/oauth/token', { form: { grant_type: 'password', username: userName, password }, remoteAddress: ip() });
const post = (url: string, json: unknown) => call(t.app, 'POST', url, { json, remoteAddress: ip() });
const sendSms = () => post('/uac/v1/sms/noauth/sendUnlockCode', { userName: 'freeze1' });
const sendMail = () => post('/uac/v1/sms/noauth/sendUnlockEmailCode', { userName: 'freeze1' });
const unblock = (code: string, channel: 'sms' | 'email' = 'sms') => post('/uac/v1/caas-user/noauth/autoUnBlock', { userName: 'freeze1', code, channel });
const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
const status = async () => (await t.ctx.database.db.selectFrom('app_user').select('status').where('id', '=', uid).executeTakeFirstOrThrow()).status;

async function freeze() {
  for (let i = 1; i <= 4; i++) {
    const r = await attempt('Wrong@2026');
    expect(r.status).toBe(400);
    expect(r.body.code).toBe(40003);
  }
  return attempt('Wrong@2026');
}

describe('freezing after repeated wrong passwords and unfreezing by code', () => {
  it('the 5th wrong password freezes: HTTP 200, code 10035, data {phoneNum masked, userName, id}', async () => {
    const s = await login(t.app, 'freeze1', 'Demo@2026', { remoteAddress: ip() });
    const fifth = await freeze();
    expect(fifth.status).toBe(200);
    expect(fifth.body.code).toBe(10035);
    expect(fifth.body.message).toMatch(CJK);
    expect(fifth.body.data).toEqual({ phoneNum: '138****0010', userName: 'freeze1', id: uid });
    expect(await status()).toBe(2);
    // even the right password now gets 10035, and so does a wrong one
    const right = await attempt('Demo@2026');
    expect(right.status).toBe(200);
    expect(right.body).toMatchObject({ code: 10035, data: { phoneNum: '138****0010', userName: 'freeze1', id: uid } });
    expect((await attempt('Wrong@2026')).body.code).toBe(10035);
    // sessions of a frozen account end
    const info = await call(t.app, 'GET', '/uac/v1/caas-user/getUserAllInfo', { session: s });
    expect(info.status).toBe(401);
    expect(info.body.error).toBe('invalid_token');
  });

  it('a right password in between resets the count', async () => {
    for (let i = 0; i < 4; i++) expect((await attempt('Wrong@2026', 'buyer2')).body.code).toBe(40003);
    expect((await attempt('Demo@2026', 'buyer2')).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await attempt('Wrong@2026', 'buyer2')).body.code).toBe(40003);
    expect((await attempt('Demo@2026', 'buyer2')).status).toBe(200);
  });

  it('sendUnlockCode sends a 6-digit SMS to the bound phone (outbox); a second send within 60 s is 429', async () => {
    const r = await sendSms();
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ sentTo: '138****0010' });
    const msg = await lastMessage(t, PHONE);
    expect(msg?.channel).toBe('sms');
    expect(msg?.body).toMatch(CJK);
    expect(await lastCode(t, PHONE)).toMatch(/^\d{6}$/);
    const again = await sendSms();
    expect(again.status).toBe(429);
    expect(again.body.message).toMatch(CJK);
    // the e-mail channel shares the per-account limit
    expect((await sendMail()).status).toBe(429);
  });

  it('five wrong codes kill the code: the right one then fails too', async () => {
    const code = await lastCode(t, PHONE);
    for (let i = 0; i < 5; i++) {
      const r = await unblock(wrongOf(code));
      expect(r.status).toBe(400);
      expect(r.body.code).toBe(40004);
    }
    expect((await unblock(code)).body.code).toBe(40004);
    expect(await status()).toBe(2);
  });

  it('a fresh code unfreezes; the account logs in again; audit rows exist', async () => {
    aMinuteLater();
    expect((await sendSms()).status).toBe(200);
    const code = await lastCode(t, PHONE);
    // the code is for sms: it does not work on the e-mail channel
    expect((await unblock(code, 'email')).body.code).toBe(40004);
    const r = await unblock(code);
    expect(r.status).toBe(200);
    expect(r.body.code).toBe(200);
    expect(r.body.message).toMatch(CJK);
    expect(await status()).toBe(1);
    expect((await attempt('Demo@2026')).status).toBe(200);
    const actions = (await auditActions(t, uid)).map((a) => a.action);
    expect(actions).toContain('user.freeze');
    expect(actions).toContain('user.unfreeze');
    expect(actions.lastIndexOf('user.unfreeze')).toBeGreaterThan(actions.lastIndexOf('user.freeze'));
  });

  it('a used code is single use: after freezing again the old code is refused', async () => {
    const used = await lastCode(t, PHONE);
    // unfrozen: nothing to unblock
    const notFrozen = await unblock(used);
    expect(notFrozen.status).toBe(400);
    expect(notFrozen.body.message).toMatch(CJK);
    expect((await freeze()).body.code).toBe(10035);
    const r = await unblock(used);
    expect(r.status).toBe(400);
    expect(r.body.code).toBe(40004);
    expect(await status()).toBe(2);
  });

  it('the e-mail variant: sendUnlockEmailCode mails a code, autoUnBlock with channel email unfreezes', async () => {
    aMinuteLater();
    const r = await sendMail();
    expect(r.status).toBe(200);
    expect(r.body.data.sentTo).toBe('zh***@iccas.example.cn');
    const msg = await lastMessage(t, MAIL);
    expect(msg?.channel).toBe('mail');
    expect(msg?.subject).toMatch(CJK);
    const code = await lastCode(t, MAIL);
    expect((await unblock(code, 'sms')).body.code).toBe(40004);
    const ok = await unblock(code, 'email');
    expect(ok.status).toBe(200);
    expect(await status()).toBe(1);
    expect((await attempt('Demo@2026')).status).toBe(200);
  });

  it('sending for an account that is not frozen, has no mail, or does not exist is a Chinese 400 and sends nothing', async () => {
    aMinuteLater();
    const before = await t.ctx.database.db
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const cases = [
      post('/uac/v1/sms/noauth/sendUnlockCode', { userName: 'buyer1' }),
      post('/uac/v1/sms/noauth/sendUnlockCode', { userName: 'nobody-here' }),
      post('/uac/v1/sms/noauth/sendUnlockEmailCode', { userName: 'leader1' }),
      post('/uac/v1/sms/noauth/sendUnlockCode', { userName: '' }),
      post('/uac/v1/sms/noauth/sendUnlockCode', {}),
      post('/uac/v1/caas-user/noauth/autoUnBlock', { userName: 'freeze1', code: '12345' }),
      post('/uac/v1/caas-user/noauth/autoUnBlock', { userName: 'freeze1', code: '123456', channel: 'fax' }),
    ];
    for (const r of await Promise.all(cases)) {
      expect(r.status).toBe(400);
      expect(r.body.message).toMatch(CJK);
    }
    const after = await t.ctx.database.db
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('the freeze counter is per account: failures spread over addresses still freeze', async () => {
    const name = 'assistant2';
    for (let i = 0; i < 4; i++) expect((await attempt('Wrong@2026', name)).body.code).toBe(40003);
    const fifth = await attempt('Wrong@2026', name);
    expect(fifth.body).toMatchObject({ code: 10035, data: { userName: name, phoneNum: '139****0006' } });
  });
});
