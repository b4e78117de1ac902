import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBaseData } from '../src/db/seed/base-data.ts';
import { createTestApp, type TestApp } from './support/harness.ts';
import { call, login } from './support/sessions.ts';

/** An installation started before a menu or role existed receives it at its next start. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('base data on an existing installation', () => {
  it('adds a menu and a role that are new in the code, granted to the built-in roles the code names', async () => {
    const db = t.ctx.database.db;
    const menu = await db.selectFrom('resource').select('id').where('perm_code', '=', 'mall:item:review').executeTakeFirstOrThrow();
    // as an installation from before 商品审核 and the 订单处理 role
    await db.deleteFrom('authority').where('resource_id', '=', menu.id).execute();
    await db.deleteFrom('resource').where('id', '=', menu.id).execute();
    const role = await db.selectFrom('role').select('id').where('code', '=', 'supplier_order').executeTakeFirstOrThrow();
    await db.deleteFrom('authority').where('role_id', '=', role.id).execute();
    await db.deleteFrom('role').where('id', '=', role.id).execute();

    await ensureBaseData(db);
    await ensureBaseData(db);
    expect(await db.selectFrom('resource').select('id').where('perm_code', '=', 'mall:item:review').execute()).toHaveLength(1);
    expect(await db.selectFrom('role').select('id').where('code', '=', 'supplier_order').execute()).toHaveLength(1);
    await t.ctx.callers.invalidate();
    const admin = await login(t.app, 'admin', 'Admin@2026');
    const info = await call(t.app, 'GET', '/uac/v1/caas-user/getUserAllInfo', { session: admin });
    const system = info.body.data.menuVOList.find((m: { name: string }) => m.name === '系统管理');
    expect(system.child.map((c: { name: string }) => c.name)).toContain('商品审核');
    // a buyer's role does not receive it
    const buyer = await login(t.app, 'buyer1');
    const theirs = await call(t.app, 'GET', '/uac/v1/caas-user/getUserAllInfo', { session: buyer });
    expect(JSON.stringify(theirs.body.data.menuVOList)).not.toContain('商品审核');
  });
});
