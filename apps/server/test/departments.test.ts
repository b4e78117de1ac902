import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/harness.ts';
import { lookups } from './support/lookups.ts';
import { call, login, type Session } from './support/sessions.ts';
import { addresses, CJK } from './support/uac.ts';

let t: TestApp;
const ip = addresses('10.70');
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const signIn = (user: string, password?: string) => login(t.app, user, password, { remoteAddress: ip() });
const allInfo = async (s: Session) => (await call(t.app, 'GET', '/uac/v1/caas-user/getUserAllInfo', { session: s })).body.data;
const ids = lookups(() => t);
const deptId = (name: string, institute = 'ICCAS') => ids.deptId(institute, name);

describe('departments at login and after', () => {
  it('buyer1 has one department: no choice, current department set', async () => {
    const s = await signIn('buyer1');
    const id = await deptId('有机固体实验室');
    expect(s.data.whetherSelectDept).toBe(false);
    expect(s.data.currentDept).toEqual({ value: id, label: '有机固体实验室' });
    expect(s.data.optionalDeptList).toEqual([{ value: id, label: '有机固体实验室' }]);
    expect(s.data.user.currentDept).toBe(id);
    expect((await allInfo(s)).user.currentDept).toBe(id);
  });

  it('multi1 has two departments and no default: a choice is needed, no current department', async () => {
    const s = await signIn('multi1');
    expect(s.data.whetherSelectDept).toBe(true);
    expect(s.data.currentDept).toBeNull();
    expect(s.data.user.currentDept).toBeNull();
    const a = await deptId('有机固体实验室');
    const b = await deptId('高分子物理与化学实验室');
    expect(s.data.optionalDeptList).toEqual([
      { value: a, label: '有机固体实验室' },
      { value: b, label: '高分子物理与化学实验室' },
    ]);
    const opt = await call(t.app, 'GET', '/uac/v1/dept/getLoginUserOptionalDept?t=1', { session: s });
    expect(opt.body.data).toEqual(s.data.optionalDeptList);
    expect((await allInfo(s)).user.currentDept).toBeNull();
  });

  it('setCurrentDept to one of the own departments works and shows in getUserAllInfo', async () => {
    const s = await signIn('multi1');
    const b = await deptId('高分子物理与化学实验室');
    const r = await call(t.app, 'POST', '/uac/v1/dept/setCurrentDept', { session: s, json: { deptId: b } });
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ value: b, label: '高分子物理与化学实验室' });
    expect((await allInfo(s)).user.currentDept).toBe(b);
    const a = await deptId('有机固体实验室');
    await call(t.app, 'POST', '/uac/v1/dept/setCurrentDept', { session: s, json: { deptId: a } });
    expect((await allInfo(s)).user.currentDept).toBe(a);
  });

  it('setCurrentDept to a department the user does not belong to is refused (400, 40300: the session goes on) and changes nothing', async () => {
    const s = await signIn('buyer1');
    const own = await deptId('有机固体实验室');
    for (const foreign of [await deptId('高分子物理与化学实验室'), await deptId('药物化学研究室', 'SIMM'), 1, 999999]) {
      const r = await call(t.app, 'POST', '/uac/v1/dept/setCurrentDept', { session: s, json: { deptId: foreign } });
      expect([r.status, r.body.code], String(foreign)).toEqual([400, 40300]);
      expect(r.body.message).toMatch(CJK);
      const d = await call(t.app, 'POST', '/uac/v1/caas-user/setDefaultDept', { session: s, json: { deptId: foreign } });
      expect(d.body.code).toBe(40300);
    }
    expect((await allInfo(s)).user.currentDept).toBe(own);
    expect((await allInfo(s)).user.defaultDept).toBe(own);
  });

  it('bad department ids are a Chinese 400', async () => {
    const s = await signIn('buyer1');
    for (const json of [{}, { deptId: 'abc' }, { deptId: -1 }, { deptId: 1.5 }, { deptId: 3, extra: 1 }]) {
      const r = await call(t.app, 'POST', '/uac/v1/dept/setCurrentDept', { session: s, json });
      expect(r.status, JSON.stringify(json)).toBe(400);
      expect(r.body.message).toMatch(CJK);
    }
  });

  it('multidef1 has a default: no choice, current = default', async () => {
    const s = await signIn('multidef1');
    const def = await deptId('高分子物理与化学实验室');
    expect(s.data.whetherSelectDept).toBe(false);
    expect(s.data.currentDept).toEqual({ value: def, label: '高分子物理与化学实验室' });
    expect(s.data.user.defaultDept).toBe(def);
    expect(s.data.optionalDeptList).toHaveLength(2);
  });

  it('setDefaultDept, then a new login of multi1 needs no choice', async () => {
    const s = await signIn('multi1');
    const b = await deptId('高分子物理与化学实验室');
    await call(t.app, 'POST', '/uac/v1/dept/setCurrentDept', { session: s, json: { deptId: b } });
    const r = await call(t.app, 'POST', '/uac/v1/caas-user/setDefaultDept', { session: s, json: { deptId: b } });
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ value: b, label: '高分子物理与化学实验室' });
    expect((await allInfo(s)).user.defaultDept).toBe(b);
    const again = await signIn('multi1');
    expect(again.data.whetherSelectDept).toBe(false);
    expect(again.data.currentDept).toEqual({ value: b, label: '高分子物理与化学实验室' });
  });

  it('a new login that needs a choice again is seen by getUserAllInfo at once, for every session of the user', async () => {
    const first = await signIn('multi1');
    const b = await deptId('高分子物理与化学实验室');
    await t.ctx.database.db.updateTable('app_user').set({ default_dept_id: null }).where('user_name', '=', 'multi1').execute();
    const s1 = await signIn('multi1');
    expect(s1.data.whetherSelectDept).toBe(true);
    await call(t.app, 'POST', '/uac/v1/dept/setCurrentDept', { session: s1, json: { deptId: b } });
    expect((await allInfo(s1)).user.currentDept).toBe(b);
    const s2 = await signIn('multi1');
    expect(s2.data.whetherSelectDept).toBe(true);
    expect(s2.data.currentDept).toBeNull();
    // what the login answer says and what the server then serves agree
    expect((await allInfo(s2)).user.currentDept).toBeNull();
    expect((await allInfo(first)).user.currentDept).toBeNull();
  });

  it('a refresh tells whether a choice is still needed', async () => {
    const s = await signIn('multi1');
    const refresh = () =>
      call(t.app, 'POST', '/uac/oauth/token', { form: { grant_type: 'refresh_token', refresh_token: s.refreshToken }, remoteAddress: ip() });
    let r = await refresh();
    expect(r.body.data.whetherSelectDept).toBe(true);
    expect(r.body.data.currentDept).toBeNull();
    s.token = r.body.data.access_token;
    s.refreshToken = r.body.data.refresh_token;
    const a = await deptId('有机固体实验室');
    await call(t.app, 'POST', '/uac/v1/dept/setCurrentDept', { session: s, json: { deptId: a } });
    r = await refresh();
    expect(r.body.data.whetherSelectDept).toBe(false);
    expect(r.body.data.currentDept).toEqual({ value: a, label: '有机固体实验室' });
  });

  it('getLoginUserInstitute: the institute of a buyer; null for the platform admin and suppliers', async () => {
    const s = await signIn('buyer1');
    const r = await call(t.app, 'GET', '/uac/v1/dept/getLoginUserInstitute', { session: s });
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ id: expect.any(Number), name: '中国科学院化学研究所' });
    const s2 = await signIn('buyer2');
    expect((await call(t.app, 'GET', '/uac/v1/dept/getLoginUserInstitute', { session: s2 })).body.data.name).toBe('中国科学院上海药物研究所');
    const admin = await signIn('admin', 'Admin@2026');
    expect((await call(t.app, 'GET', '/uac/v1/dept/getLoginUserInstitute', { session: admin })).body.data).toBeNull();
    const sup = await signIn('supplier1');
    expect((await call(t.app, 'GET', '/uac/v1/dept/getLoginUserInstitute', { session: sup })).body.data).toBeNull();
  });

  it('a supplier has no departments', async () => {
    const s = await signIn('supplier1');
    expect(s.data.whetherSelectDept).toBe(false);
    expect(s.data.optionalDeptList).toEqual([]);
    expect(s.data.currentDept).toBeNull();
  });

  it('the department routes need a login', async () => {
    expect((await call(t.app, 'GET', '/uac/v1/dept/getLoginUserOptionalDept')).status).toBe(401);
    expect((await call(t.app, 'POST', '/uac/v1/dept/setCurrentDept', { json: { deptId: 1 } })).status).toBe(401);
  });
});
