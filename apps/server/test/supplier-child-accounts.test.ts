import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/harness.ts';
import { lookups } from './support/lookups.ts';
import { call, demoSessions, login } from './support/sessions.ts';

/** 子账号管理 (issue 10 §4): the main account's staff accounts, within the supplier and its limit. */
let t: TestApp;
const { req } = demoSessions(() => t);
const { userId, audits } = lookups(() => t);
const db = () => t.ctx.database.db;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const roleIdOf = async (code: string) => (await db().selectFrom('role').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
const supplierIdOf = async (userName: string) =>
  (await db().selectFrom('app_user').select('supplier_id').where('user_name', '=', userName).executeTakeFirstOrThrow()).supplier_id as number;
const child = (userName: string, roleIds: number[]) => ({ userName, realName: '孙磊', phoneNum: '13912345678', roleIds, password: 'Start2026a' });

describe('子账号管理', () => {
  it('the main account adds a child with the 订单处理 role; the child must change its password, then sees only its job', async () => {
    const orderRole = await roleIdOf('supplier_order');
    const roles = await req('supplier1', 'GET', '/supplier/v1/childUser/roles');
    expect(roles.body.data.map((r: { name: string }) => r.name)).toEqual(expect.arrayContaining(['店铺管理员', '订单处理', '财务开票', '商品维护']));
    expect(roles.body.data.map((r: { code: string }) => r.code)).not.toContain('supplier_admin');

    const added = await req('supplier1', 'POST', '/supplier/v1/childUser/add', child('gy_order01', [orderRole]));
    expect(added.body.code).toBe(200);
    const id = added.body.data.id;
    expect((await audits('supplier.child.add', `user:${id}`))[0].user_id).toBe(await userId('supplier1'));

    const page = await req('supplier1', 'GET', '/supplier/v1/childUser/page?current=1&size=10&userName=gy_order');
    expect(page.body.data.records).toHaveLength(1);
    expect(page.body.data.records[0]).toMatchObject({ userName: 'gy_order01', status: 1, mustChangePassword: true, roles: [{ name: '订单处理' }] });
    expect(page.body.data.limit).toBe(10);

    const s = await login(t.app, 'gy_order01', 'Start2026a');
    // before the password change only the password change and the session's own calls are served
    expect((await call(t.app, 'GET', '/supplier/v1/order/page?current=1&size=10', { session: s })).body.code).not.toBe(200);
    expect(
      (await call(t.app, 'POST', '/uac/v1/caas-user/verifyAndModify', { session: s, json: { oldPassword: 'Start2026a', newPassword: 'Mine2026bb' } })).body
        .code,
    ).toBe(200);
    const s2 = await login(t.app, 'gy_order01', 'Mine2026bb');
    const info = await call(t.app, 'GET', '/uac/v1/caas-user/getUserAllInfo', { session: s2 });
    expect(info.body.data.modules.map((m: { moduleName: string }) => m.moduleName)).toEqual([
      '控制台',
      '订单管理',
      '售后处理',
      '投诉回复',
      '评价回复',
      '导出记录',
    ]);
    expect((await call(t.app, 'GET', '/supplier/v1/order/page?current=1&size=10', { session: s2 })).body.code).toBe(200);
    // a child account does not manage accounts
    expect((await call(t.app, 'GET', '/supplier/v1/childUser/page?current=1&size=10', { session: s2 })).body.code).toBe(40300);
  });

  it('never shows or touches another supplier’s accounts, and refuses buyers and roles of the buyer side', async () => {
    const other = await req('supplier2', 'GET', '/supplier/v1/childUser/page?current=1&size=50');
    expect(other.body.data.records.map((r: { userName: string }) => r.userName)).not.toContain('gy_order01');
    const id = await userId('gy_order01');
    for (const [method, url, json] of [
      ['POST', '/supplier/v1/childUser/disable', { id }],
      ['POST', '/supplier/v1/childUser/resetPassword', { id, password: 'Evil2026xx' }],
      ['PUT', '/supplier/v1/childUser/update', { id, realName: '冒名', phoneNum: '13900000000', roleIds: [await roleIdOf('supplier_item')] }],
      ['GET', `/supplier/v1/suser/getRoleByUserId/${id}`, undefined],
    ] as const) {
      const res = await req('supplier2', method, url, json);
      expect(res.body.code, url).toBe(404);
    }
    // the main account of a supplier is not a child account
    expect((await req('supplier1', 'POST', '/supplier/v1/childUser/disable', { id: await userId('supplier2') })).body.code).toBe(404);
    expect((await req('buyer1', 'GET', '/supplier/v1/childUser/page?current=1&size=10')).body.code).toBe(40300);
    const buyerRole = await roleIdOf('buyer');
    const bad = await req('supplier1', 'POST', '/supplier/v1/childUser/add', child('gy_bad01', [buyerRole]));
    expect(bad.body.code).toBe(40000);
    expect(bad.body.message).toBe('只能分配供应商子账号角色');
    const admin = await req('supplier1', 'POST', '/supplier/v1/childUser/add', child('gy_bad02', [await roleIdOf('supplier_admin')]));
    expect(admin.body.message).toBe('只能分配供应商子账号角色');
  });

  it('disabling logs the child out at once; re-enabling, editing roles and resetting the password take effect', async () => {
    const id = await userId('gy_order01');
    const s = await login(t.app, 'gy_order01', 'Mine2026bb');
    expect((await req('supplier1', 'POST', '/supplier/v1/childUser/disable', { id })).body.message).toBe('已停用');
    expect((await call(t.app, 'GET', '/uac/v1/caas-user/getUserAllInfo', { session: s })).status).toBe(401);
    expect((await req('supplier1', 'POST', '/supplier/v1/childUser/disable', { id })).body.code).toBe(40009);
    expect((await req('supplier1', 'POST', '/supplier/v1/childUser/enable', { id })).body.message).toBe('已启用');

    const itemRole = await roleIdOf('supplier_item');
    expect(
      (await req('supplier1', 'PUT', '/supplier/v1/childUser/update', { id, realName: '孙磊', phoneNum: '13912345678', roleIds: [itemRole] })).body.code,
    ).toBe(200);
    expect((await req('supplier1', 'GET', `/supplier/v1/suser/getRoleByUserId/${id}`)).body.data.map((r: { code: string }) => r.code)).toEqual([
      'supplier_item',
    ]);

    expect((await req('supplier1', 'POST', '/supplier/v1/childUser/resetPassword', { id, password: 'Again2026c' })).body.code).toBe(200);
    const again = await login(t.app, 'gy_order01', 'Again2026c');
    const info = await call(t.app, 'GET', '/uac/v1/caas-user/getUserAllInfo', { session: again });
    expect(info.body.data.user.whetherForceModifyPassword).toBe(true);
  });

  it('holds the child-account limit under 20 parallel additions, and counts only accounts in use', async () => {
    const supplierId = await supplierIdOf('supplier3');
    const inUse = (await req('supplier3', 'GET', '/supplier/v1/childUser/page?current=1&size=10')).body.data.used as number;
    const limit = inUse + 3;
    await db().updateTable('supplier').set({ child_account_limit: limit }).where('id', '=', supplierId).execute();
    const role = await roleIdOf('supplier_finance');
    const s = await login(t.app, 'supplier3');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(t.app, 'POST', '/supplier/v1/childUser/add', { session: s, json: child(`mkl_fin${String(i).padStart(2, '0')}`, [role]) }),
      ),
    );
    const codes = answers.map((a) => a.body.code);
    expect(codes.filter((c) => c === 200)).toHaveLength(3);
    expect(codes.filter((c) => c === 40011)).toHaveLength(17);
    expect(answers.find((a) => a.body.code === 40011)?.body.message).toBe(
      `子账号数量已达上限（${limit} 个），请先停用不再使用的子账号，或联系平台管理员调整上限`,
    );
    const page = (await call(t.app, 'GET', '/supplier/v1/childUser/page?current=1&size=50', { session: s })).body.data;
    expect(page.used).toBe(limit);

    // a disabled account frees its place; enabling it again needs one
    const made = page.records.find((r: { userName: string }) => r.userName.startsWith('mkl_fin'));
    expect((await call(t.app, 'POST', '/supplier/v1/childUser/disable', { session: s, json: { id: made.id } })).body.code).toBe(200);
    expect((await call(t.app, 'POST', '/supplier/v1/childUser/add', { session: s, json: child('mkl_fin99', [role]) })).body.code).toBe(200);
    expect((await call(t.app, 'POST', '/supplier/v1/childUser/enable', { session: s, json: { id: made.id } })).body.code).toBe(40011);
  });

  it('validates the input in Chinese and refuses a taken user name', async () => {
    const role = await roleIdOf('supplier_order');
    const bad = await req('supplier1', 'POST', '/supplier/v1/childUser/add', { ...child('x', [role]), phoneNum: '123' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/用户名|手机号/);
    const taken = await req('supplier1', 'POST', '/supplier/v1/childUser/add', child('buyer1', [role]));
    expect(taken.body.code).toBe(40020);
  });
});
