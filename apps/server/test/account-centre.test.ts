import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/harness.ts';
import { lookups } from './support/lookups.ts';
import { call, demoSessions } from './support/sessions.ts';
import { addresses, lastCode } from './support/uac.ts';

/**
 * 用户信息审核, 用户名审核 and the 个人中心 calls: the change-request states, who reviews what
 * (platform all, an institute owner its own institute's users), the reserved pending name under
 * concurrency, verification set by approval, phone and e-mail changes with codes bound to the new
 * address, the QR bind and the relation code.
 */
let t: TestApp;
const { as, req } = demoSessions(() => t);
const { userId } = lookups(() => t);
const ip = addresses('10.77');
const db = () => t.ctx.database.db;
const post = async (user: string, url: string, json: unknown) => call(t.app, 'POST', url, { json, session: await as(user), remoteAddress: ip() });
const open = async (url: string, json: unknown, remoteAddress = ip()) => call(t.app, 'POST', url, { json, remoteAddress });
const userRow = (name: string) => db().selectFrom('app_user').selectAll().where('user_name', '=', name).executeTakeFirst();

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('user-info review (用户信息审核)', () => {
  it('a platform-department user submits, only the platform reviews, approval verifies the account', async () => {
    const before = (await req('guest1', 'GET', '/uac/v1/caas-user/getUserAllInfo')).body.data;
    expect(before.user.verification).toBe(0);
    const applied = await post('guest1', '/uac/v1/userInfoReview/apply', { realName: '许可', workUnit: '北京大学化学与分子工程学院', title: '博士后' });
    expect(applied.body.code).toBe(200);
    expect(applied.body.data).toMatchObject({ status: 'pending', kind: 'userInfo' });
    const id = applied.body.data.id;
    expect((await post('guest1', '/uac/v1/userInfoReview/apply', { realName: '许可', workUnit: '北大' })).body.code).toBe(40009);
    // an institute owner does not see a platform-department request, and cannot decide it
    const ownersView = (await req('owner1', 'GET', '/uac/v1/userInfoReview/query?status=pending')).body.data.records as { id: number }[];
    expect(ownersView.map((r) => r.id)).not.toContain(id);
    expect((await post('owner1', '/uac/v1/userInfoReview/review', { id, pass: true })).body.code).toBe(404);
    expect((await post('buyer1', '/uac/v1/userInfoReview/review', { id, pass: true })).body.code).toBe(40300);
    expect((await post('admin', '/uac/v1/userInfoReview/review', { id, pass: false })).body.message).toContain('驳回时请填写原因');
    expect((await post('admin', '/uac/v1/userInfoReview/review', { id, pass: true })).body.code).toBe(200);
    expect((await post('admin', '/uac/v1/userInfoReview/review', { id, pass: false, reason: '再驳回' })).body.code).toBe(40009);
    const after = (await req('guest1', 'GET', '/uac/v1/caas-user/getUserAllInfo')).body.data;
    expect(after.user.verification).toBe(1);
    expect(after.whetherRealName).toBe(true);
    expect(before.whetherRealName).toBe(false);
    const mine = (await req('guest1', 'GET', '/uac/v1/userInfoReview/mine')).body.data;
    expect(mine).toMatchObject({ status: 'approved', reviewerName: 'admin' });
  });

  it('an institute owner reviews its own users, in batch, and skips what was decided or is foreign', async () => {
    const a = (await post('buyer1', '/uac/v1/userInfoReview/apply', { realName: '王小明', workUnit: '中国科学院化学研究所' })).body.data.id;
    const b = (await post('buyer2', '/uac/v1/userInfoReview/apply', { realName: '林芳', workUnit: '中国科学院上海药物研究所' })).body.data.id;
    const seen = (await req('owner1', 'GET', '/uac/v1/userInfoReview/query?status=pending')).body.data.records as { id: number }[];
    expect(seen.map((r) => r.id)).toEqual([a]);
    const res = await post('owner1', '/uac/v1/userInfoReview/batchReview', { ids: [a, b], pass: false, reason: '单位名称与所在研究所不一致' });
    expect(res.body.data.done).toBe(1);
    expect(res.body.data.skipped).toEqual([{ id: b, reason: '申请不存在' }]);
    expect((await post('admin', '/uac/v1/userInfoReview/batchReview', { ids: Array.from({ length: 101 }, (_, i) => i + 1), pass: true })).body.code).toBe(
      40000,
    );
    expect((await post('owner2', '/uac/v1/userInfoReview/batchReview', { ids: [b], pass: true })).body.data.done).toBe(1);
  });
});

describe('user-name review (用户名审核)', () => {
  it('the code goes to the bound e-mail, is bound to the name, and the pending name is reserved', async () => {
    await db().updateTable('app_user').set({ email: 'leader1@iccas.example.cn' }).where('user_name', '=', 'leader1').execute();
    expect((await req('leader1', 'GET', '/uac/v1/userNameReview/userNameNotExist?userName=limh2026')).body.data.available).toBe(true);
    expect((await req('leader1', 'GET', '/uac/v1/userNameReview/userNameNotExist?userName=BUYER1')).body.data.available).toBe(false);
    expect((await post('leader1', '/uac/v1/sms/sendModifyUsernameEmailCode', { newUserName: 'limh2026' })).body.code).toBe(200);
    const code = await lastCode(t, 'leader1@iccas.example.cn');
    // the code is for that name only
    expect((await post('leader1', '/uac/v1/userNameReview/apply', { newUserName: 'limh2027', code })).body.code).toBe(40004);
    expect((await post('leader1', '/uac/v1/sms/sendModifyUsernameEmailCode', { newUserName: 'limh2026' })).body.code).not.toBe(200); // one a minute
    const applied = await post('leader1', '/uac/v1/userNameReview/apply', { newUserName: 'limh2026', code: await lastCode(t, 'leader1@iccas.example.cn') });
    // the second send was refused, so the first code still stands, for the name it was sent for
    expect(applied.body.code).toBe(200);
    expect(applied.body.data).toMatchObject({ status: 'pending', oldValue: { userName: 'leader1' }, newValue: { userName: 'limh2026' } });
    expect((await req('buyer1', 'GET', '/uac/v1/userNameReview/userNameNotExist?userName=limh2026')).body.data.available).toBe(false);
  });

  it('two applicants for one name at once: exactly one reserves it', async () => {
    const users = ['buyer1', 'leader2'];
    for (const u of users)
      await db()
        .updateTable('app_user')
        .set({ email: `${u}@demo.example.cn` })
        .where('user_name', '=', u)
        .execute();
    const codes: string[] = [];
    for (const u of users) {
      expect((await post(u, '/uac/v1/sms/sendModifyUsernameEmailCode', { newUserName: 'shared_name' })).body.code).toBe(200);
      codes.push(await lastCode(t, `${u}@demo.example.cn`));
    }
    const results = await Promise.all(users.map(async (u, i) => post(u, '/uac/v1/userNameReview/apply', { newUserName: 'Shared_Name', code: codes[i] })));
    expect(results.map((r) => r.body.code).sort()).toEqual([200, 40009]);
    expect(results.find((r) => r.body.code === 40009)!.body.message).toBe('该用户名已存在或正在审核中');
    // reserved: the check says so, with and without login, the same words as for an existing name
    expect((await req('owner1', 'GET', '/uac/v1/userNameReview/userNameNotExist?userName=shared_name')).body.data).toEqual({
      available: false,
      message: '该用户名已存在或正在审核中',
    });
    const noauth = await call(t.app, 'GET', '/uac/v1/userNameReview/noauth/userNameNotExist?userName=SHARED_NAME', { remoteAddress: ip() });
    expect(noauth.body.data.available).toBe(false);
    const winner = users[results.findIndex((r) => r.body.code === 200)];
    const reviewing = (await req(winner, 'GET', '/uac/v1/userNameReview/userNameReviewing')).body.data;
    expect(reviewing).toMatchObject({ status: 'pending', newValue: { userName: 'Shared_Name' } });
    // the reviewer approves: the name changes; the reservation is released
    const id = reviewing.id;
    expect((await post(winner, '/uac/v1/userNameReview/review', { id, pass: true })).body.code).toBe(40300);
    const reviewer = winner === 'buyer1' ? 'owner1' : 'owner2';
    const foreign = winner === 'buyer1' ? 'owner2' : 'owner1';
    expect((await post(foreign, '/uac/v1/userNameReview/review', { id, pass: true })).body.code).toBe(404);
    expect((await post(reviewer, '/uac/v1/userNameReview/review', { id, pass: true })).body.code).toBe(200);
    expect(await userRow('Shared_Name')).toBeTruthy();
    const r = await db().selectFrom('change_request').select(['status', 'name_key']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(r).toEqual({ status: 'approved', name_key: null });
    // rename back so the rest of the suite logs in by the demo name
    expect((await post('admin', '/uac/v1/userNameReview/adminModify', { userId: await userId('Shared_Name'), newUserName: winner })).body.code).toBe(200);
  });

  it('adminModify: the platform any user, an institute owner only its own; taken names refused', async () => {
    const checker2 = await userId('checker2');
    expect((await post('owner1', '/uac/v1/userNameReview/adminModify', { userId: checker2, newUserName: 'luomin' })).body.code).toBe(404);
    expect((await post('owner2', '/uac/v1/userNameReview/adminModify', { userId: checker2, newUserName: 'buyer2' })).body.code).toBe(40009);
    expect((await post('owner2', '/uac/v1/userNameReview/adminModify', { userId: checker2, newUserName: 'luomin' })).body.code).toBe(200);
    expect(await userRow('luomin')).toBeTruthy();
    const log = (await req('owner2', 'GET', '/uac/v1/userNameReview/query?status=approved')).body.data.records as { newValue: { userName: string } }[];
    expect(log.some((r) => r.newValue.userName === 'luomin')).toBe(true);
    expect((await post('owner2', '/uac/v1/userNameReview/adminModify', { userId: checker2, newUserName: 'checker2' })).body.code).toBe(200);
  });
});

describe('个人中心: phone, e-mail, QR bind, relation code', () => {
  it('changes the phone with a code sent to the new number, once', async () => {
    expect((await post('buyer2', '/uac/v1/sms/sendChangePhoneCode', { phoneNum: '13810230001' })).body.message).toContain('已被其他账号绑定');
    expect((await post('buyer2', '/uac/v1/sms/sendChangePhoneCode', { phoneNum: '13999990001' })).body.data.sentTo).toBe('139****0001');
    const code = await lastCode(t, '13999990001');
    expect((await post('buyer2', '/uac/v1/caas-user/self/changePhone', { phoneNum: '13999990002', code })).body.code).toBe(40004);
    expect((await post('buyer2', '/uac/v1/caas-user/self/changePhone', { phoneNum: '13999990001', code })).body.code).toBe(200);
    expect((await userRow('buyer2'))!.phone_num).toBe('13999990001');
    expect((await post('buyer2', '/uac/v1/caas-user/self/changePhone', { phoneNum: '13999990001', code })).body.code).toBe(40004);
  });

  it('changes the e-mail with a mail code', async () => {
    expect((await post('finance2', '/uac/v1/sms/sendChangeEmailCode', { email: 'gaoyan@simm.example.cn' })).body.code).toBe(200);
    const code = await lastCode(t, 'gaoyan@simm.example.cn');
    expect((await post('finance2', '/uac/v1/caas-user/self/changeEmail', { email: 'gaoyan@simm.example.cn', code })).body.code).toBe(200);
    expect((await userRow('finance2'))!.email).toBe('gaoyan@simm.example.cn');
  });

  it('without login: the same answer for an unknown name, the code only to a matching account', async () => {
    const known = await open('/uac/v1/sms/noauth/sendChangePhoneCode', { userName: 'checker1', oldPhoneNum: '13810230004', phoneNum: '13999990011' });
    const unknown = await open('/uac/v1/sms/noauth/sendChangePhoneCode', { userName: 'nobody-here', oldPhoneNum: '13810230004', phoneNum: '13999990012' });
    expect(unknown.body).toEqual({ ...known.body, data: { sentTo: '139****0012' } });
    expect(known.body.data.sentTo).toBe('139****0011');
    expect(await db().selectFrom('outbox').select('id').where('recipient', '=', '13999990012').executeTakeFirst()).toBeUndefined();
    const code = await lastCode(t, '13999990011');
    const changed = await open('/uac/v1/caas-user/noauth/changePhone', { userName: 'checker1', oldPhoneNum: '13810230004', phoneNum: '13999990011', code });
    expect(changed.body.code).toBe(200);
    expect((await userRow('checker1'))!.phone_num).toBe('13999990011');
  });

  it('binds the mobile app by QR code; another account cannot confirm it', async () => {
    const qr = (await req('buyer1', 'GET', '/uac/v1/caas-user/self/get2d')).body.data;
    expect(qr.qrContent).toBe(`kcbind:v1:${qr.ticket}`);
    expect(qr.qrImage.startsWith('data:image/png;base64,')).toBe(true);
    expect((await req('buyer1', 'GET', `/uac/v1/caas-user/self/getBindStatus?ticket=${qr.ticket}`)).body.data).toEqual({
      status: 'waiting',
      boundAt: null,
      bound: false,
    });
    expect((await req('leader1', 'GET', `/uac/v1/caas-user/self/getBindStatus?ticket=${qr.ticket}`)).body.data.status).toBe('expired');
    expect((await post('leader1', '/uac/v1/caas-user/self/confirmBind', { ticket: qr.ticket })).body.code).toBe(40000);
    expect((await post('buyer1', '/uac/v1/caas-user/self/confirmBind', { ticket: qr.ticket })).body.code).toBe(200);
    const s = (await req('buyer1', 'GET', `/uac/v1/caas-user/self/getBindStatus?ticket=${qr.ticket}`)).body.data;
    expect(s).toMatchObject({ status: 'bound', bound: true });
  });

  it('a relation code is an enabled institute code', async () => {
    const get = (c: string) => call(t.app, 'GET', `/uac/v1/caas-user/relationCodeWhetherValid?relationCode=${c}`, { remoteAddress: ip() });
    expect((await get('iccas')).body.data).toEqual({ valid: true, instituteName: '中国科学院化学研究所' });
    expect((await get('NOPE')).body.data).toEqual({ valid: false, instituteName: null });
  });
});
