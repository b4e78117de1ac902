import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/harness.ts';
import { call, login } from './support/sessions.ts';
import { addresses } from './support/uac.ts';

let t: TestApp;
const ip = addresses('10.80');
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const allInfo = async (user: string, password?: string) => {
  const s = await login(t.app, user, password, { remoteAddress: ip() });
  const r = await call(t.app, 'GET', '/uac/v1/caas-user/getUserAllInfo?t=123', { session: s });
  expect(r.status).toBe(200);
  expect(r.body.code).toBe(200);
  return r.body.data;
};
const names = (menus: any[]): string[] => menus.flatMap((m) => [m.name, ...names(m.child)]);

describe('getUserAllInfo per account type', () => {
  it('admin (type 0): menus including 系统管理 with children, resource management in limitGroup', async () => {
    const d = await allInfo('admin', 'Admin@2026');
    expect(d.user.accountType).toBe(0);
    const top = d.menuVOList.map((m: any) => m.name);
    expect(top).toContain('系统管理');
    const system = d.menuVOList.find((m: any) => m.name === '系统管理');
    expect(system.child.map((c: any) => c.name)).toEqual(expect.arrayContaining(['用户管理', '角色管理', '资源管理', '部门管理']));
    for (const c of system.child) expect(c).toMatchObject({ id: expect.any(Number), path: expect.stringMatching(/^\/cass\//), child: expect.any(Array) });
    expect(d.limitGroup).toEqual(expect.arrayContaining(['uac:resource:manage', 'uac:user:manage', 'uac:role:manage']));
    expect(d.authorityList.every((a: any) => a.addJurisdiction && a.exportJurisdiction)).toBe(true);
    expect(d.modules).toEqual([]);
    expect(d.functionVOList).toEqual([]);
    expect(d.dataScope).toBe('all');
    expect(d.whetherRealName).toBe(true);
  });

  it('buyer1: menus without 系统管理, authorityList entries with resourceId and flags, real name verified', async () => {
    const d = await allInfo('buyer1');
    expect(d.user).toMatchObject({ userName: 'buyer1', realName: '王晓明', accountType: 1 });
    expect(d.menuVOList.length).toBeGreaterThan(0);
    const all = names(d.menuVOList);
    expect(all).toContain('控制台');
    expect(all).toContain('我的订单');
    expect(all).not.toContain('系统管理');
    expect(all).not.toContain('订单审批');
    expect(d.authorityList.length).toBeGreaterThan(0);
    for (const a of d.authorityList) {
      expect(a).toEqual({
        resourceId: expect.any(Number),
        permCode: a.permCode === null ? null : expect.any(String),
        addJurisdiction: expect.any(Boolean),
        modifyJurisdiction: expect.any(Boolean),
        deleteJurisdiction: expect.any(Boolean),
        exportJurisdiction: expect.any(Boolean),
        limitTab: expect.any(String),
      });
    }
    // every menu is backed by a grant
    const ids = new Set(d.authorityList.map((a: any) => a.resourceId));
    const walk = (ms: any[]): void => {
      for (const m of ms) {
        expect(ids.has(m.id)).toBe(true);
        walk(m.child);
      }
    };
    walk(d.menuVOList);
    expect(d.limitGroup).toContain('mall:order:buy');
    expect(d.limitGroup).not.toContain('uac:resource:manage');
    expect(d.modules).toEqual([]);
    expect(d.functionVOList).toEqual([]);
    expect(d.whetherRealName).toBe(true);
    expect(d.dataScope).toBe('self');
  });

  it('supplier1 (type 2, main account): modules and functions incl. supplier:child:manage, no menus', async () => {
    const d = await allInfo('supplier1');
    expect(d.user.accountType).toBe(2);
    expect(d.user.supplierId).toEqual(expect.any(Number));
    expect(d.menuVOList).toEqual([]);
    expect(d.authorityList).toEqual([]);
    expect(d.modules.length).toBeGreaterThan(0);
    for (const m of d.modules)
      expect(m).toEqual({ moduleName: expect.any(String), modulePath: expect.any(String), routeName: expect.any(String), component: expect.any(String) });
    expect(d.modules.map((m: any) => m.moduleName)).toContain('子账号管理');
    expect(d.functionVOList).toContainEqual({ functionCode: 'supplier:child:manage' });
    expect(d.functionVOList).toContainEqual({ functionCode: 'supplier:item:edit' });
  });

  it('supplier1a (child account) lacks supplier:child:manage and the child-account module', async () => {
    const d = await allInfo('supplier1a');
    expect(d.user.accountType).toBe(2);
    expect(d.functionVOList.map((f: any) => f.functionCode)).not.toContain('supplier:child:manage');
    expect(d.functionVOList).toContainEqual({ functionCode: 'supplier:item:edit' });
    expect(d.modules.map((m: any) => m.moduleName)).not.toContain('子账号管理');
    expect(d.menuVOList).toEqual([]);
  });

  it('guest1 (department 1, unverified) is not real-name; buyer1 is', async () => {
    const g = await allInfo('guest1');
    expect(g.user.deptVOList[0].id).toBe(1);
    expect(g.user.verification).toBe(0);
    expect(g.whetherRealName).toBe(false);
    expect((await allInfo('buyer1')).whetherRealName).toBe(true);
    // the admin sits in department 1 too, but verified
    const a = await allInfo('admin', 'Admin@2026');
    expect(a.user.deptVOList[0].id).toBe(1);
    expect(a.whetherRealName).toBe(true);
  });

  it('user info carries the fields of docs/domains/identity.md#user-info and never a password hash', async () => {
    const d = await allInfo('multidef1');
    for (const k of [
      'id',
      'accountType',
      'userName',
      'realName',
      'nick',
      'defaultDept',
      'currentDept',
      'verification',
      'whetherForceModifyPassword',
      'phoneNum',
      'deptVOList',
    ]) {
      expect(d.user).toHaveProperty(k);
    }
    expect(d.user.deptVOList).toHaveLength(2);
    expect(JSON.stringify(d)).not.toMatch(/password_hash|\$argon2/);
  });

  it('needs a login', async () => {
    const r = await call(t.app, 'GET', '/uac/v1/caas-user/getUserAllInfo');
    expect(r.status).toBe(401);
    expect(r.body.error).toBe('invalid_token');
  });
});
