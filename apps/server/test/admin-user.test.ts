import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/harness.ts';
import { lookups } from './support/lookups.ts';
import { call, demoSessions } from './support/sessions.ts';
import { CJK } from './support/uac.ts';

let t: TestApp;
const { as, req } = demoSessions(() => t);

const db = () => t.ctx.database.db;
const { userId, roleId, resourceId, instituteId, deptId, teamId, audits } = lookups(() => t);
const names = (page: any) => page.body.data.records.map((r: any) => r.userName).sort();
const grant = (resourceId: number) => ({
  resourceId,
  addJurisdiction: false,
  modifyJurisdiction: false,
  deleteJurisdiction: false,
  exportJurisdiction: false,
  limitTab: '',
});

const ICCAS_USERS = ['assistant1', 'buyer1', 'checker1', 'finance1', 'freeze1', 'leader1', 'multi1', 'multidef1', 'newbie1', 'owner1'];

/** Admin makes a role of `scope` in ICCAS granting user view, and adds it to the user's roles. */
async function giveUserView(user: string, scope: string, code: string) {
  const made = await req('admin', 'POST', '/uac/v1/role/add', { name: `用户查看-${code}`, code, dataScope: scope, instituteId: await instituteId('ICCAS') });
  expect(made.status).toBe(200);
  expect((await req('admin', 'POST', '/uac/v1/auth/save', { roleId: made.body.data.id, authorities: [grant(await resourceId('uac:user:view'))] })).status).toBe(
    200,
  );
  const uid = await userId(user);
  const current = (await req('admin', 'GET', `/uac/v1/role/userRoles/${uid}`)).body.data.roleIds;
  expect((await req('admin', 'POST', '/uac/v1/role/setUserRoles', { userId: uid, roleIds: [...current, made.body.data.id] })).status).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('users: access', () => {
  it('refuses buyer1 and supplier1 (40300) on every user admin call; admin is allowed', async () => {
    const b2 = await userId('buyer2');
    const calls: [string, string, unknown?][] = [
      ['GET', '/uac/v1/caas-user/page'],
      ['GET', `/uac/v1/caas-user/getUserDetail/${b2}`],
      ['POST', '/uac/v1/caas-user/add', { userName: 'sneaky1', realName: '甲', phoneNum: '13900000000', deptIds: [1], password: 'Abcd1234' }],
      ['DELETE', `/uac/v1/caas-user/delete/${b2}`],
      ['GET', '/uac/v1/caas-user/instituteUserCountLimit'],
      ['PUT', '/uac/v1/caas-user/instituteUserCountLimit', { limit: 1 }],
    ];
    for (const user of ['buyer1', 'supplier1']) {
      for (const [m, url, body] of calls) expect((await req(user, m, url, body)).body.code, `${user} ${m} ${url}`).toBe(40300);
    }
    expect((await req('admin', 'GET', '/uac/v1/caas-user/page')).status).toBe(200);
    expect((await db().selectFrom('app_user').select('deleted').where('id', '=', b2).executeTakeFirstOrThrow()).deleted).toBe(0);
  });
});

describe('users: data scope', () => {
  it('owner1 (institute scope) lists exactly the ICCAS users', async () => {
    const p = await req('owner1', 'GET', '/uac/v1/caas-user/page?current=1&size=100');
    expect(p.status).toBe(200);
    expect(names(p)).toEqual(ICCAS_USERS);
    expect(p.body.data.total).toBe(ICCAS_USERS.length);
    const buyer1 = p.body.data.records.find((r: any) => r.userName === 'buyer1');
    expect(buyer1).toMatchObject({ realName: '王晓明', instituteName: '中国科学院化学研究所', roles: [{ code: 'buyer' }] });
    expect(buyer1.depts).toEqual([
      { id: await deptId('ICCAS', '有机固体实验室'), deptName: '有机固体实验室', teamId: await teamId('李明华课题组'), teamName: '李明华课题组' },
    ]);
    const paged = await req('owner1', 'GET', '/uac/v1/caas-user/page?current=2&size=4');
    expect(paged.body.data).toMatchObject({ total: ICCAS_USERS.length, current: 2, size: 4 });
    expect(paged.body.data.records).toHaveLength(4);
  });

  it('filters by userName, realName, phoneNum and deptId, inside the scope', async () => {
    expect(names(await req('owner1', 'GET', '/uac/v1/caas-user/page?userName=BUYER'))).toEqual(['buyer1']);
    expect(names(await req('owner1', 'GET', `/uac/v1/caas-user/page?realName=${encodeURIComponent('李明')}`))).toEqual(['leader1']);
    expect(names(await req('owner1', 'GET', '/uac/v1/caas-user/page?phoneNum=1381023000'))).toHaveLength(9);
    const organic = await deptId('ICCAS', '有机固体实验室');
    expect(names(await req('owner1', 'GET', `/uac/v1/caas-user/page?deptId=${organic}&size=50`))).toEqual([
      'assistant1',
      'buyer1',
      'leader1',
      'multi1',
      'multidef1',
    ]);
    // a SIMM department as filter finds nothing for owner1
    expect(names(await req('owner1', 'GET', `/uac/v1/caas-user/page?deptId=${await deptId('SIMM', '药物化学研究室')}`))).toEqual([]);
    // LIKE wildcards are literal
    expect(names(await req('owner1', 'GET', '/uac/v1/caas-user/page?userName=%25'))).toEqual([]);
    expect(names(await req('owner1', 'GET', '/uac/v1/caas-user/page?userName=_'))).toEqual([]);
    expect(names(await req('owner1', 'GET', '/uac/v1/caas-user/page?userName='))).toEqual(ICCAS_USERS);
  });

  it('admin (all) lists every account', async () => {
    const p = await req('admin', 'GET', '/uac/v1/caas-user/page?size=100');
    expect(names(p)).toEqual(expect.arrayContaining(['admin', 'buyer1', 'buyer2', 'guest1', 'supplier1', 'supplier1a']));
    expect(p.body.data.total).toBe(
      Number(
        (
          await db()
            .selectFrom('app_user')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    );
  });

  it('getUserDetail: 404 for users outside the scope, the same as for missing ids', async () => {
    const ok = await req('owner1', 'GET', `/uac/v1/caas-user/getUserDetail/${await userId('multidef1')}`);
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({
      userName: 'multidef1',
      defaultDept: await deptId('ICCAS', '高分子物理与化学实验室'),
      whetherForceModifyPassword: false,
    });
    expect(ok.body.data.depts).toHaveLength(2);
    const foreign = await req('owner1', 'GET', `/uac/v1/caas-user/getUserDetail/${await userId('buyer2')}`);
    const missing = await req('owner1', 'GET', '/uac/v1/caas-user/getUserDetail/999999');
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(missing.body);
    expect((await req('owner1', 'GET', `/uac/v1/caas-user/getUserDetail/${await userId('admin')}`)).status).toBe(404);
    expect((await req('owner2', 'GET', `/uac/v1/caas-user/getUserDetail/${await userId('buyer1')}`)).status).toBe(404);
  });

  it('leader1 (team scope) given user view sees only their team', async () => {
    expect((await req('leader1', 'GET', '/uac/v1/caas-user/page')).body.code).toBe(40300);
    await giveUserView('leader1', 'team', 'team_user_view');
    const p = await req('leader1', 'GET', '/uac/v1/caas-user/page?size=50');
    expect(p.status).toBe(200);
    expect(names(p)).toEqual(['assistant1', 'buyer1', 'leader1']);
    expect((await req('leader1', 'GET', `/uac/v1/caas-user/getUserDetail/${await userId('buyer1')}`)).status).toBe(200);
    expect((await req('leader1', 'GET', `/uac/v1/caas-user/getUserDetail/${await userId('multi1')}`)).status).toBe(404);
    expect((await req('leader1', 'GET', `/uac/v1/caas-user/getUserDetail/${await userId('buyer2')}`)).status).toBe(404);
  });

  it('a department-scope viewer sees their department and the ones below it', async () => {
    const dynamics = await deptId('ICCAS', '分子反应动力学实验室');
    const made = await req('admin', 'POST', '/uac/v1/caas-user/add', {
      userName: 'dynlead1',
      realName: '钱立新',
      phoneNum: '13810230099',
      deptIds: [dynamics],
      roleIds: [await roleId('buyer')],
      password: 'Start1234',
    });
    expect(made.status).toBe(200);
    await giveUserView('dynlead1', 'dept', 'dept_user_view');
    // a new account must change its initial password before anything else (40013); this test is
    // about the data scope, so the change is taken as done
    await db().updateTable('app_user').set({ whether_force_modify_password: 0 }).where('user_name', '=', 'dynlead1').execute();
    await t.ctx.callers.invalidate();
    await as('dynlead1', 'Start1234');
    const page = await req('dynlead1', 'GET', '/uac/v1/caas-user/page?size=50');
    expect(names(page)).toEqual(['dynlead1', 'freeze1', 'newbie1']);
  });
});

describe('users: creation and deletion', () => {
  let created: number;

  it('owner1 creates an ICCAS user: argon2id hash, forced password change, departments, team and roles; audited', async () => {
    const organic = await deptId('ICCAS', '有机固体实验室');
    const polymer = await deptId('ICCAS', '高分子物理与化学实验室');
    const r = await req('owner1', 'POST', '/uac/v1/caas-user/add', {
      userName: 'newbuyer1',
      realName: '冯雪',
      phoneNum: '13810230088',
      email: 'fengxue@iccas.example.cn',
      deptIds: [organic, polymer],
      teamId: await teamId('唐振宇课题组'),
      roleIds: [await roleId('buyer')],
      password: 'Initial2026',
    });
    expect(r.status).toBe(200);
    created = r.body.data.id;
    expect(r.body.data).toMatchObject({
      userName: 'newbuyer1',
      instituteId: await instituteId('ICCAS'),
      whetherForceModifyPassword: true,
      defaultDept: null,
      roles: [{ code: 'buyer' }],
    });
    expect(r.body.data.depts).toEqual([
      { id: organic, deptName: '有机固体实验室', teamId: null, teamName: null },
      { id: polymer, deptName: '高分子物理与化学实验室', teamId: await teamId('唐振宇课题组'), teamName: '唐振宇课题组' },
    ]);
    const row = await db().selectFrom('app_user').selectAll().where('id', '=', created).executeTakeFirstOrThrow();
    expect(row.password_hash.startsWith('$argon2id$')).toBe(true);
    expect(row.whether_force_modify_password).toBe(1);
    const a = await audits('user.add', `user:${created}`);
    expect(a).toHaveLength(1);
    expect(a[0].detail).not.toContain('Initial2026');
    expect(a[0].ip).toBeTruthy();
    const s = await as('newbuyer1', 'Initial2026');
    expect(s.data.user.whetherForceModifyPassword).toBe(true);
    expect(s.data.whetherSelectDept).toBe(true);
  });

  it('refuses duplicates, foreign departments, wide roles and admin accounts', async () => {
    const organic = await deptId('ICCAS', '有机固体实验室');
    const base = { realName: '甲', phoneNum: '13810230077', deptIds: [organic], password: 'Abcd1234' };
    for (const userName of ['buyer1', 'BUYER1', 'newbuyer1', 'buyer2']) {
      const dup = await req('owner1', 'POST', '/uac/v1/caas-user/add', { ...base, userName });
      expect(dup.status, userName).toBe(400);
      expect(dup.body.code).toBe(40020);
      expect(dup.body.message).toBe('该用户已经被注册过!');
    }
    expect(
      (await req('owner1', 'POST', '/uac/v1/caas-user/add', { ...base, userName: 'x_simm1', deptIds: [await deptId('SIMM', '药理学研究室')] })).status,
    ).toBe(404);
    expect((await req('owner1', 'POST', '/uac/v1/caas-user/add', { ...base, userName: 'x_plat1', deptIds: [1] })).status).toBe(404);
    const pa = await req('owner1', 'POST', '/uac/v1/caas-user/add', { ...base, userName: 'x_admin1', roleIds: [await roleId('platform_admin')] });
    expect(pa.body.code).toBe(40300);
    expect((await req('owner1', 'POST', '/uac/v1/caas-user/add', { ...base, userName: 'x_admin2', accountType: 0 })).body.code).toBe(40300);
    const team = await req('owner1', 'POST', '/uac/v1/caas-user/add', { ...base, userName: 'x_team1', teamId: await teamId('何军课题组') });
    expect(team.status).toBe(400);
    expect(team.body.message).toContain('课题组');
    const mixed = await req('admin', 'POST', '/uac/v1/caas-user/add', {
      ...base,
      userName: 'x_mixed1',
      deptIds: [organic, await deptId('SIMM', '药理学研究室')],
    });
    expect(mixed.status).toBe(400);
    const left = await db().selectFrom('app_user').select('user_name').where('user_name', 'like', 'x\\_%').execute();
    expect(left).toEqual([]);
  });

  it('soft-deletes a user, ends their sessions; foreign and own ids refused; audited', async () => {
    expect((await req('newbuyer1', 'GET', '/uac/v1/caas-user/getUserAllInfo')).body.code).toBe(200);
    expect((await req('owner1', 'DELETE', `/uac/v1/caas-user/delete/${await userId('buyer2')}`)).status).toBe(404);
    expect((await req('owner1', 'DELETE', `/uac/v1/caas-user/delete/${await userId('owner1')}`)).status).toBe(400);
    const del = await req('owner1', 'DELETE', `/uac/v1/caas-user/delete/${created}`);
    expect(del.status).toBe(200);
    expect(await audits('user.delete', `user:${created}`)).toHaveLength(1);
    const row = await db().selectFrom('app_user').select(['deleted']).where('id', '=', created).executeTakeFirstOrThrow();
    expect(row.deleted).toBe(1);
    const after = await req('newbuyer1', 'GET', '/uac/v1/caas-user/getUserAllInfo');
    expect(after.body.code).not.toBe(200);
    expect((await req('owner1', 'GET', `/uac/v1/caas-user/getUserDetail/${created}`)).status).toBe(404);
    expect(names(await req('owner1', 'GET', '/uac/v1/caas-user/page?userName=newbuyer'))).toEqual([]);
    expect((await req('owner1', 'DELETE', `/uac/v1/caas-user/delete/${created}`)).status).toBe(404);
    // the name stays taken
    expect((await req('owner1', 'GET', '/uac/v1/caas-user/userNameWhetherValid?userName=newbuyer1')).body.data.valid).toBe(false);
  });
});

describe('users: name checks and the user count limit', () => {
  it('userNameWhetherValid tells format and availability to a logged-in caller', async () => {
    const taken = await req('buyer1', 'GET', '/uac/v1/caas-user/userNameWhetherValid?userName=buyer2');
    expect(taken.body.data).toEqual({ valid: false, message: '该用户已经被注册过!' });
    const short = await req('buyer1', 'GET', '/uac/v1/caas-user/userNameWhetherValid?userName=ab');
    expect(short.body.data.valid).toBe(false);
    expect(short.body.data.message).toMatch(CJK);
    expect((await req('buyer1', 'GET', '/uac/v1/caas-user/userNameWhetherValid?userName=fresh_name')).body.data).toEqual({
      valid: true,
      message: '用户名可用',
    });
    expect((await call(t.app, 'GET', '/uac/v1/caas-user/userNameWhetherValid?userName=fresh_name')).status).toBe(401);
  });

  it('loginUserNameWhetherValid is public and answers the format only, never existence', async () => {
    for (const [name, valid] of [
      ['buyer1', true],
      ['nobody_here', true],
      ['ab', false],
      ['a%20b', false],
      ['x'.repeat(33), false],
    ] as const) {
      const r = await call(t.app, 'GET', `/uac/v1/caas-user/loginUserNameWhetherValid?userName=${name}`);
      expect(r.status, name).toBe(200);
      expect(r.body.data, name).toEqual({ valid });
    }
  });

  it('instituteUserCountLimit: reported to owners, set by the platform admin, enforced on add', async () => {
    const iccas = await instituteId('ICCAS');
    const g = await req('owner1', 'GET', '/uac/v1/caas-user/instituteUserCountLimit');
    expect(g.status).toBe(200);
    expect(g.body.data).toMatchObject({ instituteId: iccas, limit: 2000 });
    const used = g.body.data.used;
    expect(used).toBe(
      Number(
        (
          await db()
            .selectFrom('app_user')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('institute_id', '=', iccas)
            .where('deleted', '=', 0)
            .executeTakeFirstOrThrow()
        ).n,
      ),
    );
    expect((await req('owner1', 'PUT', '/uac/v1/caas-user/instituteUserCountLimit', { instituteId: iccas, limit: 5000 })).body.code).toBe(40300);
    const set = await req('admin', 'PUT', '/uac/v1/caas-user/instituteUserCountLimit', { instituteId: iccas, limit: used });
    expect(set.body.data).toEqual({ instituteId: iccas, limit: used, used });
    expect(await audits('limit.instituteUserCount', `institute:${iccas}`)).toHaveLength(1);
    const over = await req('owner1', 'POST', '/uac/v1/caas-user/add', {
      userName: 'onetoomany',
      realName: '乙',
      phoneNum: '13810230066',
      deptIds: [await deptId('ICCAS', '分析测试中心')],
      password: 'Abcd1234',
    });
    expect(over.status).toBe(400);
    expect(over.body.code).toBe(40011);
    expect(over.body.message).toContain(`${used} 名`);
    // the platform default applies elsewhere
    expect((await req('owner2', 'GET', '/uac/v1/caas-user/instituteUserCountLimit')).body.data.limit).toBe(2000);
    const global = await req('admin', 'PUT', '/uac/v1/caas-user/instituteUserCountLimit', { limit: 3000 });
    expect(global.status).toBe(200);
    expect((await req('owner2', 'GET', '/uac/v1/caas-user/instituteUserCountLimit')).body.data.limit).toBe(3000);
    expect((await req('owner1', 'GET', '/uac/v1/caas-user/instituteUserCountLimit')).body.data.limit).toBe(used);
  });
});

describe('users: malformed input', () => {
  it('answers 400 with a Chinese message, never 500', async () => {
    const organic = await deptId('ICCAS', '有机固体实验室');
    const base = { userName: 'okname1', realName: '甲', phoneNum: '13810230055', deptIds: [organic], password: 'Abcd1234' };
    const bad: [string, string, unknown?][] = [
      ['POST', '/uac/v1/caas-user/add', { ...base, deptIds: String(organic) }],
      ['POST', '/uac/v1/caas-user/add', { ...base, deptIds: [] }],
      ['POST', '/uac/v1/caas-user/add', { ...base, deptIds: [String(organic)] }],
      ['POST', '/uac/v1/caas-user/add', { ...base, phoneNum: '12345' }],
      ['POST', '/uac/v1/caas-user/add', { ...base, password: 'short' }],
      ['POST', '/uac/v1/caas-user/add', { ...base, password: 'onlyletters' }],
      ['POST', '/uac/v1/caas-user/add', { ...base, userName: 'ab' }],
      ['POST', '/uac/v1/caas-user/add', { ...base, userName: '用户名' }],
      ['POST', '/uac/v1/caas-user/add', { ...base, email: 'not-mail' }],
      ['POST', '/uac/v1/caas-user/add', { ...base, accountType: 2 }],
      ['POST', '/uac/v1/caas-user/add', { ...base, status: 1 }],
      ['POST', '/uac/v1/caas-user/add', { ...base, roleIds: [true] }],
      ['POST', '/uac/v1/caas-user/add', { realName: '甲' }],
      ['GET', '/uac/v1/caas-user/page?deptId=abc'],
      ['GET', '/uac/v1/caas-user/page?size=100000'],
      ['GET', '/uac/v1/caas-user/page?unknown=1'],
      ['GET', '/uac/v1/caas-user/getUserDetail/abc'],
      ['GET', '/uac/v1/caas-user/getUserDetail/1.5'],
      ['DELETE', '/uac/v1/caas-user/delete/abc'],
      ['GET', '/uac/v1/caas-user/userNameWhetherValid'],
      ['PUT', '/uac/v1/caas-user/instituteUserCountLimit', { limit: -1 }],
      ['PUT', '/uac/v1/caas-user/instituteUserCountLimit', { instituteId: 'a', limit: 1 }],
    ];
    for (const [m, url, body] of bad) {
      const r = await req('admin', m, url, body);
      expect(r.status, `${m} ${url} ${JSON.stringify(body)}`).toBe(400);
      expect(r.body.message, `${m} ${url}`).toMatch(CJK);
    }
    expect((await call(t.app, 'GET', '/uac/v1/caas-user/loginUserNameWhetherValid')).status).toBe(400);
    expect(await db().selectFrom('app_user').select('id').where('user_name', '=', 'okname1').executeTakeFirst()).toBeUndefined();
  });
});
