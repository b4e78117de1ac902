import { creditCodeCheckChar } from '@kc/contracts/supply/supplier-registration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/harness.ts';
import { PDF_MINI, upload } from './support/multipart.ts';
import { call, demoSessions, login, type Session } from './support/sessions.ts';

let t: TestApp;
const { as } = demoSessions(() => t);
let admin: Session;
beforeAll(async () => {
  t = await createTestApp();
  admin = await as('admin');
});
afterAll(() => t.close());

let ipSeq = 10;
async function licence() {
  const r = await upload(t.app, '/uac/file/noauth/uploadQualification', [{ name: '营业执照.pdf', data: PDF_MINI }]);
  return r.body.data.succeeded[0].id as number;
}
const form = async (over: Record<string, unknown> = {}) => ({
  userName: 'xilong01',
  password: 'Xilong2026',
  companyName: '汕头市西陇科学股份有限公司',
  creditCode: '91440500192868459A',
  contactName: '黄晓东',
  contactPhone: '13902700001',
  email: 'sales@xilong.example.cn',
  licenseFileId: await licence(),
  ...over,
});
const register = async (body: unknown) => call(t.app, 'POST', '/supplier/v1/suser/noauth/register', { json: body, remoteAddress: `10.0.0.${ipSeq++}` });

describe('supplier registration', () => {
  it('validates the credit code check digit', async () => {
    const res = await register(await form({ creditCode: '91440500192868459B' }));
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/校验位/);
  });

  it('registers, waits for review, and logs in only once approved', async () => {
    const res = await register(await form({ creditCode: fix('91440500192868459') }));
    expect(res.body.code).toBe(200);
    const pending = await call(t.app, 'POST', '/uac/oauth/token', { form: { grant_type: 'password', username: 'xilong01', password: 'Xilong2026' } });
    expect(pending.body.message).toMatch(/审核中/);

    const page = await call(t.app, 'GET', '/supplier/v1/suser/review/page?status=0', { session: admin });
    const row = page.body.data.records.find((r: { userName: string }) => r.userName === 'xilong01');
    expect(row.qualifications[0].url).toMatch(/download/);
    expect((await call(t.app, 'POST', `/supplier/v1/suser/review/approve/${row.id}`, { session: admin })).body.code).toBe(200);
    // a second decision on the same application is a conflict, not a silent overwrite
    expect((await call(t.app, 'POST', `/supplier/v1/suser/review/approve/${row.id}`, { session: admin })).body.code).toBe(40009);
    const s = await login(t.app, 'xilong01', 'Xilong2026');
    expect(s.data.user.accountType).toBe(2);
    const mail = await t.ctx.database.db.selectFrom('outbox').select('subject').where('recipient', '=', 'sales@xilong.example.cn').execute();
    expect(mail.map((m) => m.subject)).toContain('供应商注册审核通过');
  });

  it('refuses a taken user name and a company name that differs only by province or company words', async () => {
    const dupUser = await register(await form({ userName: 'buyer1', companyName: '某某新材料有限公司', creditCode: fix('91440500192868460') }));
    expect(dupUser.body.message).toBe('该用户已经被注册过!');
    const dupCompany = await register(await form({ userName: 'aladdin2', companyName: '阿拉丁生化科技股份公司', creditCode: fix('91310000744237382') }));
    expect(dupCompany.body.message).toBe('该公司名称已经被注册过');
    expect(
      (await call(t.app, 'GET', `/supplier/v1/suser/noauth/checkCompanyName?companyName=${encodeURIComponent('上海市阿拉丁生化科技股份有限公司')}`)).body
        .message,
    ).toBe('该公司名称已经被注册过');
    expect((await call(t.app, 'GET', '/supplier/v1/suser/noauth/checkUserName?userName=supplier1')).body.message).toBe('该用户已经被注册过!');
  });

  it('keeps the refusal reason and shows it at login', async () => {
    await register(await form({ userName: 'huaxue9', companyName: '成都市科隆化学品有限公司', creditCode: fix('91510100201904781') }));
    const page = await call(t.app, 'GET', '/supplier/v1/suser/review/page?status=0', { session: admin });
    const row = page.body.data.records.find((r: { userName: string }) => r.userName === 'huaxue9');
    const noReason = await call(t.app, 'POST', '/supplier/v1/suser/review/refuse', { session: admin, json: { id: row.id } });
    expect(noReason.status).toBe(400);
    await call(t.app, 'POST', '/supplier/v1/suser/review/refuse', { session: admin, json: { id: row.id, reason: '营业执照不清晰' } });
    const res = await call(t.app, 'POST', '/uac/oauth/token', { form: { grant_type: 'password', username: 'huaxue9', password: 'Xilong2026' } });
    expect(res.body.message).toMatch(/营业执照不清晰/);
  });

  it('is reviewed by the platform admin only', async () => {
    for (const u of ['buyer1', 'owner1', 'supplier1']) {
      const s = await as(u);
      expect((await call(t.app, 'GET', '/supplier/v1/suser/review/page', { session: s })).body.code).toBe(40300);
      expect((await call(t.app, 'POST', '/supplier/v1/suser/review/approve/1', { session: s })).body.code).toBe(40300);
      expect((await call(t.app, 'POST', '/supplier/v1/suser/review/disable', { session: s, json: { id: 1, reason: '资质过期' } })).body.code).toBe(40300);
    }
  });
});

describe('disabling a working supplier', () => {
  it('ends its sessions and its logins with a reason, and enabling lets it back in; only working or disabled suppliers move', async () => {
    const supplierId = Number(
      (await t.ctx.database.db.selectFrom('app_user').select('supplier_id').where('user_name', '=', 'supplier3').executeTakeFirstOrThrow()).supplier_id,
    );
    const open = await login(t.app, 'supplier3');
    const disable = await call(t.app, 'POST', '/supplier/v1/suser/review/disable', {
      session: admin,
      json: { id: supplierId, reason: '危险化学品经营许可证已过期' },
    });
    expect(disable.body.code).toBe(200);
    // the open session ends at once, and a new login is refused with the reason
    expect((await call(t.app, 'GET', '/uac/v1/caas-user/getUserAllInfo', { session: open })).status).toBe(401);
    const refused = await call(t.app, 'POST', '/uac/oauth/token', { form: { grant_type: 'password', username: 'supplier3', password: 'Demo@2026' } });
    expect(refused.body.message).toContain('停用');
    // a disabled supplier cannot be disabled again, nor approved
    expect((await call(t.app, 'POST', '/supplier/v1/suser/review/disable', { session: admin, json: { id: supplierId, reason: '重复操作' } })).body.code).toBe(
      40009,
    );
    expect((await call(t.app, 'POST', `/supplier/v1/suser/review/approve/${supplierId}`, { session: admin })).body.code).toBe(40009);
    // a reason is required
    expect((await call(t.app, 'POST', '/supplier/v1/suser/review/disable', { session: admin, json: { id: supplierId } })).status).toBe(400);

    expect((await call(t.app, 'POST', `/supplier/v1/suser/review/enable/${supplierId}`, { session: admin })).body.code).toBe(200);
    expect((await login(t.app, 'supplier3')).token).toBeTruthy();
  });
});

/** completes a 17-character credit code with its GB 32100 check character */
function fix(first17: string) {
  return first17 + creditCodeCheckChar(first17);
}
