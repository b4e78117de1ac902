import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/harness.ts';
import { lookups } from './support/lookups.ts';
import { demoSessions } from './support/sessions.ts';
import { CJK } from './support/uac.ts';

let t: TestApp;
const { req } = demoSessions(() => t);

const db = () => t.ctx.database.db;
const { userId, roleId, resourceId, resourceByName, instituteId, audits } = lookups(() => t);
const grant = (resourceId: number, flags = false, limitTab = '') => ({
  resourceId,
  addJurisdiction: flags,
  modifyJurisdiction: flags,
  deleteJurisdiction: flags,
  exportJurisdiction: flags,
  limitTab,
});

let iccas: number;
let simm: number;
beforeAll(async () => {
  t = await createTestApp();
  iccas = await instituteId('ICCAS');
  simm = await instituteId('SIMM');
});
afterAll(() => t.close());

describe('roles, resources and grants: access', () => {
  it('refuses buyer1 and supplier1 (40300, not a session-ending 403) on every admin call; admin is allowed', async () => {
    const rid = await roleId('buyer');
    const uid = await userId('buyer1');
    const res = await resourceByName('控制台');
    const calls: [string, string, unknown?][] = [
      ['GET', '/uac/v1/role/page'],
      ['GET', `/uac/v1/role/get/${rid}`],
      ['POST', '/uac/v1/role/add', { name: '越权', code: 'sneaky', dataScope: 'self' }],
      ['PUT', '/uac/v1/role/update', { id: rid, name: '越权', code: 'sneaky', dataScope: 'self' }],
      ['DELETE', `/uac/v1/role/delete/${rid}`],
      ['GET', `/uac/v1/role/userRoles/${uid}`],
      ['POST', '/uac/v1/role/setUserRoles', { userId: uid, roleIds: [rid] }],
      ['GET', `/uac/v1/auth/queryResourceAndAuth?roleId=${rid}`],
      ['POST', '/uac/v1/auth/save', { roleId: rid, authorities: [] }],
      ['GET', '/uac/v1/resource/tree?side=1'],
      ['POST', '/uac/v1/resource/add', { name: '越权', type: 'menu', side: 1 }],
      ['PUT', '/uac/v1/resource/update', { id: res, name: '越权', type: 'menu' }],
      ['DELETE', `/uac/v1/resource/delete/${res}`],
    ];
    for (const user of ['buyer1', 'supplier1']) {
      for (const [m, url, body] of calls) expect((await req(user, m, url, body)).body.code, `${user} ${m} ${url}`).toBe(40300);
    }
    // owner1 manages roles but never the resource catalogue
    for (const [m, url, body] of calls.slice(9)) expect((await req('owner1', m, url, body)).body.code, `owner1 ${m} ${url}`).toBe(40300);
    expect((await req('admin', 'GET', '/uac/v1/role/page')).status).toBe(200);
    expect((await req('admin', 'GET', '/uac/v1/resource/tree?side=2')).body.data.length).toBeGreaterThan(0);
    expect((await req('admin', 'GET', `/uac/v1/auth/queryResourceAndAuth?roleId=${rid}`)).status).toBe(200);
  });
});

describe('roles', () => {
  let iccasRole: number;
  let simmRole: number;

  it('owner1 creates a role of ICCAS; owner2 one of SIMM; each write audited', async () => {
    const a = await req('owner1', 'POST', '/uac/v1/role/add', { name: '试剂管理员', code: 'reagent_keeper', dataScope: 'dept', remark: '管理试剂库' });
    expect(a.status).toBe(200);
    expect(a.body.data).toMatchObject({ name: '试剂管理员', code: 'reagent_keeper', dataScope: 'dept', side: 1, instituteId: iccas, builtIn: false });
    iccasRole = a.body.data.id;
    expect(await audits('role.add', `role:${iccasRole}`)).toHaveLength(1);
    const b = await req('owner2', 'POST', '/uac/v1/role/add', { name: '药理试剂员', code: 'reagent_keeper', dataScope: 'team' });
    expect(b.status).toBe(200);
    expect(b.body.data.instituteId).toBe(simm);
    simmRole = b.body.data.id;
    // codes are unique within an institute and against the platform's roles
    const dup = await req('owner1', 'POST', '/uac/v1/role/add', { name: '重复', code: 'reagent_keeper', dataScope: 'self' });
    expect(dup.status).toBe(400);
    expect((await req('owner1', 'POST', '/uac/v1/role/add', { name: '重复', code: 'buyer', dataScope: 'self' })).status).toBe(400);
  });

  it('owner1 cannot create a role wider than their own scope, nor for another institute', async () => {
    const all = await req('owner1', 'POST', '/uac/v1/role/add', { name: '超级', code: 'super_role', dataScope: 'all' });
    expect(all.body.code).toBe(40300);
    expect(all.body.message).toContain('数据范围');
    expect((await req('owner1', 'POST', '/uac/v1/role/add', { name: '他所', code: 'other_inst', dataScope: 'self', instituteId: simm })).body.code).toBe(40300);
    expect((await req('owner1', 'POST', '/uac/v1/role/add', { name: '供应商', code: 'sup_role', dataScope: 'self', side: 2 })).body.code).toBe(40300);
    expect((await req('owner1', 'PUT', '/uac/v1/role/update', { id: iccasRole, name: '试剂管理员', code: 'reagent_keeper', dataScope: 'all' })).body.code).toBe(
      40300,
    );
  });

  it('page: owner1 sees side-1 built-in roles and ICCAS roles, never SIMM roles; admin sees all', async () => {
    const p = await req('owner1', 'GET', '/uac/v1/role/page?current=1&size=100');
    const codes = p.body.data.records.map((r: any) => r.code);
    expect(codes).toContain('buyer');
    expect(codes).toContain('institute_owner');
    expect(codes).not.toContain('supplier_admin');
    const ids = p.body.data.records.map((r: any) => r.id);
    expect(ids).toContain(iccasRole);
    expect(ids).not.toContain(simmRole);
    expect(p.body.data.total).toBe(p.body.data.records.length);
    const filtered = await req('owner1', 'GET', `/uac/v1/role/page?name=${encodeURIComponent('试剂')}`);
    expect(filtered.body.data.records.map((r: any) => r.id)).toEqual([iccasRole]);
    const paged = await req('owner1', 'GET', '/uac/v1/role/page?current=2&size=3');
    expect(paged.body.data).toMatchObject({ current: 2, size: 3 });
    expect(paged.body.data.records).toHaveLength(3);
    const admin = await req('admin', 'GET', '/uac/v1/role/page?size=100');
    const adminIds = admin.body.data.records.map((r: any) => r.id);
    expect(adminIds).toEqual(expect.arrayContaining([iccasRole, simmRole, await roleId('supplier_admin')]));
  });

  it('owner1 gets 404 on a SIMM role (get, update, delete, grants)', async () => {
    expect((await req('owner1', 'GET', `/uac/v1/role/get/${simmRole}`)).status).toBe(404);
    const u = await req('owner1', 'PUT', '/uac/v1/role/update', { id: simmRole, name: '改', code: 'reagent_keeper', dataScope: 'self' });
    expect(u.status).toBe(404);
    expect((await req('owner1', 'DELETE', `/uac/v1/role/delete/${simmRole}`)).status).toBe(404);
    expect((await req('owner1', 'GET', `/uac/v1/auth/queryResourceAndAuth?roleId=${simmRole}`)).status).toBe(404);
    expect((await req('owner1', 'POST', '/uac/v1/auth/save', { roleId: simmRole, authorities: [] })).status).toBe(404);
    const row = await db().selectFrom('role').select('name').where('id', '=', simmRole).executeTakeFirstOrThrow();
    expect(row.name).toBe('药理试剂员');
    expect((await req('admin', 'GET', `/uac/v1/role/get/${simmRole}`)).status).toBe(200);
  });

  it('built-in roles are read-only for everyone', async () => {
    const buyer = await roleId('buyer');
    const u = await req('admin', 'PUT', '/uac/v1/role/update', { id: buyer, name: '采购人', code: 'buyer', dataScope: 'all' });
    expect(u.status).toBe(400);
    expect(u.body.message).toContain('内置角色');
    expect((await req('admin', 'DELETE', `/uac/v1/role/delete/${buyer}`)).status).toBe(400);
    expect((await req('owner1', 'POST', '/uac/v1/auth/save', { roleId: buyer, authorities: [] })).status).toBe(400);
  });

  it('owner1 updates their role; audited', async () => {
    const u = await req('owner1', 'PUT', '/uac/v1/role/update', { id: iccasRole, name: '试剂库管理员', code: 'reagent_keeper', dataScope: 'dept' });
    expect(u.status).toBe(200);
    expect(u.body.data.name).toBe('试剂库管理员');
    expect(await audits('role.update', `role:${iccasRole}`)).toHaveLength(1);
  });

  it('grants: owner1 may grant only what they hold, with flags and tabs no wider', async () => {
    const resourceManage = await resourceId('uac:resource:manage');
    const deptManage = await resourceId('uac:dept:manage');
    const system = await resourceByName('系统管理');
    const refused = await req('owner1', 'POST', '/uac/v1/auth/save', { roleId: iccasRole, authorities: [grant(resourceManage)] });
    expect(refused.body.code).toBe(40300);
    expect(refused.body.message).toContain('资源管理');
    const tab = await req('owner1', 'POST', '/uac/v1/auth/save', { roleId: iccasRole, authorities: [grant(deptManage, true, 'secretTab')] });
    expect(tab.body.code).toBe(40300);
    const saved = await req('owner1', 'POST', '/uac/v1/auth/save', { roleId: iccasRole, authorities: [grant(system), grant(deptManage, true)] });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual({ roleId: iccasRole, count: 2 });
    expect(await audits('auth.save', `role:${iccasRole}`)).toHaveLength(1);

    const tree = await req('owner1', 'GET', `/uac/v1/auth/queryResourceAndAuth?roleId=${iccasRole}`);
    expect(tree.status).toBe(200);
    const flat = (nodes: any[]): any[] => nodes.flatMap((n) => [n, ...flat(n.child)]);
    const nodes = flat(tree.body.data);
    const dept = nodes.find((n) => n.id === deptManage);
    expect(dept).toMatchObject({ checked: true, grantable: true, addJurisdiction: true, exportJurisdiction: true });
    expect(nodes.find((n) => n.id === resourceManage)).toMatchObject({ checked: false, grantable: false });
    expect(nodes.every((n) => n.type === 'menu' || n.type === 'button')).toBe(true);
    expect(
      nodes
        .filter((n) => n.checked)
        .map((n) => n.id)
        .sort(),
    ).toEqual([system, deptManage].sort());
  });

  it('grants the admin made beyond owner1 survive owner1 saving the role', async () => {
    const resourceManage = await resourceId('uac:resource:manage');
    const deptManage = await resourceId('uac:dept:manage');
    expect((await req('admin', 'POST', '/uac/v1/auth/save', { roleId: iccasRole, authorities: [grant(deptManage), grant(resourceManage)] })).status).toBe(200);
    expect((await req('owner1', 'POST', '/uac/v1/auth/save', { roleId: iccasRole, authorities: [] })).status).toBe(200);
    const left = await db().selectFrom('authority').select('resource_id').where('role_id', '=', iccasRole).execute();
    expect(left.map((r) => r.resource_id)).toEqual([resourceManage]);
    // and owner1 cannot hand such a role to anyone: it carries a right they lack
    const r = await req('owner1', 'POST', '/uac/v1/role/setUserRoles', { userId: await userId('buyer1'), roleIds: [await roleId('buyer'), iccasRole] });
    expect(r.body.code).toBe(40300);
    expect(r.body.message).toContain('试剂库管理员');
    expect((await req('admin', 'POST', '/uac/v1/auth/save', { roleId: iccasRole, authorities: [] })).status).toBe(200);
  });
});

describe('setUserRoles', () => {
  it('owner1 cannot grant platform_admin, nor roles of SIMM, nor touch SIMM users or their own roles', async () => {
    const buyer1 = await userId('buyer1');
    const pa = await req('owner1', 'POST', '/uac/v1/role/setUserRoles', { userId: buyer1, roleIds: [await roleId('platform_admin')] });
    expect(pa.body.code).toBe(40300);
    const simmRole = (await db().selectFrom('role').select('id').where('institute_id', '=', simm).executeTakeFirstOrThrow()).id;
    expect((await req('owner1', 'POST', '/uac/v1/role/setUserRoles', { userId: buyer1, roleIds: [simmRole] })).status).toBe(404);
    const buyer2 = await userId('buyer2');
    expect((await req('owner1', 'POST', '/uac/v1/role/setUserRoles', { userId: buyer2, roleIds: [await roleId('buyer')] })).status).toBe(404);
    expect((await req('owner1', 'GET', `/uac/v1/role/userRoles/${buyer2}`)).status).toBe(404);
    expect((await req('owner1', 'POST', '/uac/v1/role/setUserRoles', { userId: await userId('owner1'), roleIds: [] })).body.code).toBe(40300);
    // a supplier-side role never goes to a buyer account, even from the admin
    expect((await req('admin', 'POST', '/uac/v1/role/setUserRoles', { userId: buyer1, roleIds: [await roleId('supplier_staff')] })).body.code).toBe(40300);
    const roles = await db().selectFrom('user_role').select('role_id').where('user_id', '=', buyer1).execute();
    expect(roles.map((r) => r.role_id)).toEqual([await roleId('buyer')]);
  });

  it('owner1 hands ICCAS users built-in roles of no wider scope and their own roles; audited', async () => {
    const assistant1 = await userId('assistant1');
    const own = await req('owner1', 'POST', '/uac/v1/role/add', { name: '部门查看员', code: 'dept_viewer', dataScope: 'dept' });
    const deptManage = await resourceId('uac:dept:manage');
    expect((await req('owner1', 'POST', '/uac/v1/auth/save', { roleId: own.body.data.id, authorities: [grant(deptManage)] })).status).toBe(200);
    const set = await req('owner1', 'POST', '/uac/v1/role/setUserRoles', {
      userId: assistant1,
      roleIds: [await roleId('assistant'), await roleId('checker'), own.body.data.id],
    });
    expect(set.status).toBe(200);
    expect(set.body.data.roleIds).toHaveLength(3);
    expect(await audits('role.setUserRoles', `user:${assistant1}`)).toHaveLength(1);
    const back = await req('owner1', 'GET', `/uac/v1/role/userRoles/${assistant1}`);
    expect(back.body.data.roleIds).toEqual(set.body.data.roleIds);
    // the role is held now: deleting it is refused
    const del = await req('owner1', 'DELETE', `/uac/v1/role/delete/${own.body.data.id}`);
    expect(del.status).toBe(400);
    expect(del.body.message).toContain('1 名用户');
    expect((await req('owner1', 'POST', '/uac/v1/role/setUserRoles', { userId: assistant1, roleIds: [await roleId('assistant')] })).status).toBe(200);
    expect((await req('owner1', 'DELETE', `/uac/v1/role/delete/${own.body.data.id}`)).status).toBe(200);
    expect(await audits('role.delete', `role:${own.body.data.id}`)).toHaveLength(1);
  });

  it('a grant saved by the admin shows in the holder’s permission data at once (cache invalidated)', async () => {
    const buyer1 = await userId('buyer1');
    const made = await req('admin', 'POST', '/uac/v1/role/add', { name: '部门维护', code: 'dept_keeper', dataScope: 'institute', instituteId: iccas });
    expect(made.status).toBe(200);
    const rid = made.body.data.id;
    // warm buyer1's cached permissions first
    const before = await req('buyer1', 'GET', '/uac/v1/caas-user/getUserAllInfo');
    expect(before.body.data.limitGroup).not.toContain('uac:dept:manage');
    expect((await req('buyer1', 'GET', '/uac/v1/dept/tree')).body.code).toBe(40300);

    const deptManage = await resourceId('uac:dept:manage');
    const system = await resourceByName('系统管理');
    expect((await req('admin', 'POST', '/uac/v1/role/setUserRoles', { userId: buyer1, roleIds: [await roleId('buyer'), rid] })).status).toBe(200);
    expect((await req('admin', 'POST', '/uac/v1/auth/save', { roleId: rid, authorities: [grant(system), grant(deptManage, true, 'a,b')] })).status).toBe(200);

    const after = await req('buyer1', 'GET', '/uac/v1/caas-user/getUserAllInfo');
    expect(after.body.data.limitGroup).toContain('uac:dept:manage');
    expect(after.body.data.dataScope).toBe('institute');
    const auth = after.body.data.authorityList.find((a: any) => a.resourceId === deptManage);
    expect(auth).toMatchObject({ addJurisdiction: true, deleteJurisdiction: true, limitTab: 'a,b' });
    expect((await req('buyer1', 'GET', '/uac/v1/dept/tree')).status).toBe(200);

    expect((await req('admin', 'POST', '/uac/v1/auth/save', { roleId: rid, authorities: [] })).status).toBe(200);
    expect((await req('buyer1', 'GET', '/uac/v1/dept/tree')).body.code).toBe(40300);
    expect((await req('buyer1', 'GET', '/uac/v1/caas-user/getUserAllInfo')).body.data.limitGroup).not.toContain('uac:dept:manage');
  });
});

describe('resources', () => {
  it('admin adds, updates and deletes a resource; refuses deleting one with children or grants; audited', async () => {
    const system = await resourceByName('系统管理');
    const add = await req('admin', 'POST', '/uac/v1/resource/add', {
      parentId: system,
      side: 1,
      name: '接口管理',
      type: 'menu',
      path: '/cass/system/api',
      permCode: 'uac:api:manage',
    });
    expect(add.status).toBe(200);
    const id = add.body.data.id;
    expect(await audits('resource.add', `resource:${id}`)).toHaveLength(1);
    const child = await req('admin', 'POST', '/uac/v1/resource/add', { parentId: id, side: 1, name: '接口维护', type: 'button', permCode: 'uac:api:edit' });
    expect(child.status).toBe(200);

    const tree = await req('admin', 'GET', '/uac/v1/resource/tree?side=1');
    const sys = tree.body.data.find((n: any) => n.id === system);
    const node = sys.child.find((n: any) => n.id === id);
    expect(node).toMatchObject({ name: '接口管理', permCode: 'uac:api:manage', parentId: system });
    expect(node.child.map((n: any) => n.name)).toEqual(['接口维护']);

    expect((await req('admin', 'POST', '/uac/v1/resource/add', { side: 1, name: '错型', type: 'module' })).status).toBe(400);
    expect((await req('admin', 'POST', '/uac/v1/resource/add', { parentId: id, side: 2, name: '跨端', type: 'function' })).status).toBe(400);
    expect((await req('admin', 'POST', '/uac/v1/resource/add', { parentId: 999999, side: 1, name: '无父', type: 'menu' })).status).toBe(404);

    const upd = await req('admin', 'PUT', '/uac/v1/resource/update', { id, name: '开放接口', type: 'menu', permCode: 'uac:api:manage', sort: 3 });
    expect(upd.status).toBe(200);
    expect(await audits('resource.update', `resource:${id}`)).toHaveLength(1);

    const withChild = await req('admin', 'DELETE', `/uac/v1/resource/delete/${id}`);
    expect(withChild.status).toBe(400);
    expect(withChild.body.message).toContain('子资源');
    const granted = await req('admin', 'DELETE', `/uac/v1/resource/delete/${await resourceByName('控制台')}`);
    expect(granted.status).toBe(400);
    expect(granted.body.message).toContain('已授予');
    expect((await req('admin', 'DELETE', `/uac/v1/resource/delete/${child.body.data.id}`)).status).toBe(200);
    expect((await req('admin', 'DELETE', `/uac/v1/resource/delete/${id}`)).status).toBe(200);
    expect(await audits('resource.delete', `resource:${id}`)).toHaveLength(1);
    expect((await req('admin', 'DELETE', `/uac/v1/resource/delete/${id}`)).status).toBe(404);
  });
});

describe('roles and grants: malformed input', () => {
  it('answers 400 with a Chinese message, never 500', async () => {
    const rid = await roleId('buyer');
    const uid = await userId('buyer1');
    const bad: [string, string, unknown?][] = [
      ['POST', '/uac/v1/role/add', { name: '甲', code: 'abc', dataScope: 'everything' }],
      ['POST', '/uac/v1/role/add', { name: '甲', code: '1abc', dataScope: 'self' }],
      ['POST', '/uac/v1/role/add', { name: '甲', dataScope: 'self' }],
      ['POST', '/uac/v1/role/add', { name: '甲', code: 'abc', dataScope: 'self', builtIn: 1 }],
      ['PUT', '/uac/v1/role/update', { id: 'x', name: '甲', code: 'abc', dataScope: 'self' }],
      ['POST', '/uac/v1/role/setUserRoles', { userId: uid, roleIds: ['1'] }],
      ['POST', '/uac/v1/role/setUserRoles', { userId: 'abc', roleIds: [rid] }],
      ['POST', '/uac/v1/role/setUserRoles', { userId: uid, roleIds: rid }],
      ['POST', '/uac/v1/role/setUserRoles', { userId: uid }],
      ['POST', '/uac/v1/auth/save', { roleId: rid, authorities: [{ resourceId: 'a' }] }],
      ['POST', '/uac/v1/auth/save', { roleId: rid, authorities: [{ resourceId: 1, addJurisdiction: 'yes' }] }],
      ['POST', '/uac/v1/auth/save', { roleId: rid, authorities: [{ resourceId: 1, limitTab: 'a,,b;' }] }],
      ['POST', '/uac/v1/auth/save', { roleId: rid, authorities: [{ resourceId: 1, role_id: 5 }] }],
      ['POST', '/uac/v1/auth/save', { roleId: rid }],
      ['GET', '/uac/v1/auth/queryResourceAndAuth?roleId=abc'],
      ['GET', '/uac/v1/auth/queryResourceAndAuth'],
      ['GET', '/uac/v1/resource/tree?side=3'],
      ['GET', '/uac/v1/role/get/abc'],
      ['GET', '/uac/v1/role/page?current=0'],
      ['GET', '/uac/v1/role/page?size=abc'],
      ['DELETE', '/uac/v1/role/delete/0'],
      ['POST', '/uac/v1/resource/add', { name: '甲', type: 'menu', side: '1' }],
      ['POST', '/uac/v1/resource/add', { name: '甲', type: 'menu', side: 1, permCode: 'NOT A CODE' }],
      ['PUT', '/uac/v1/resource/update', { id: 1, name: '甲', type: 'menu', side: 1 }],
    ];
    for (const [m, url, body] of bad) {
      const r = await req('admin', m, url, body);
      expect(r.status, `${m} ${url} ${JSON.stringify(body)}`).toBe(400);
      expect(r.body.message, `${m} ${url}`).toMatch(CJK);
    }
    // duplicate resources in one save
    const dup = await req('admin', 'POST', '/uac/v1/auth/save', {
      roleId: (await db().selectFrom('role').select('id').where('built_in', '=', 0).executeTakeFirstOrThrow()).id,
      authorities: [grant(1), grant(1)],
    });
    expect(dup.status).toBe(400);
  });
});
