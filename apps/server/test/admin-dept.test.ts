import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/harness.ts';
import { lookups } from './support/lookups.ts';
import { call, demoSessions } from './support/sessions.ts';
import { CJK } from './support/uac.ts';

let t: TestApp;
const { as, req } = demoSessions(() => t);

let iccas: number;
let simm: number;
const dept = async (instituteId: number | null, name: string) =>
  (
    await t.ctx.database.db
      .selectFrom('dept')
      .select(['id'])
      .where('name', '=', name)
      .where((eb) => (instituteId === null ? eb('institute_id', 'is', null) : eb('institute_id', '=', instituteId)))
      .executeTakeFirstOrThrow()
  ).id;
const { instituteId, audits } = lookups(() => t);

beforeAll(async () => {
  t = await createTestApp();
  iccas = await instituteId('ICCAS');
  simm = await instituteId('SIMM');
});
afterAll(() => t.close());

const ids = (nodes: any[]): number[] => nodes.flatMap((n) => [n.id, ...ids(n.child)]);

describe('departments: access', () => {
  it('refuses every admin department call to buyer1 and supplier1 (40300), allows admin', async () => {
    const organic = await dept(iccas, '有机固体实验室');
    for (const user of ['buyer1', 'supplier1']) {
      const calls: [string, string, unknown?][] = [
        ['GET', '/uac/v1/dept/tree'],
        ['POST', '/uac/v1/dept/add', { parentId: organic, deptName: '越权部门' }],
        ['PUT', '/uac/v1/dept/update', { id: organic, deptName: '越权改名' }],
        ['GET', `/uac/v1/dept/delTip/${organic}`],
        ['DELETE', `/uac/v1/dept/delete/${organic}`],
        ['GET', '/uac/v1/dept/deptCountLimit'],
        ['PUT', '/uac/v1/dept/deptCountLimit', { limit: 1 }],
      ];
      for (const [m, url, body] of calls) {
        const r = await req(user, m, url, body);
        expect(r.body.code, `${user} ${m} ${url}`).toBe(40300);
      }
    }
    expect((await req('admin', 'GET', '/uac/v1/dept/tree')).status).toBe(200);
  });

  it('getInstituteDeptTree shows the caller its own institute only, with teams', async () => {
    const r1 = await req('buyer1', 'GET', '/uac/v1/dept/getInstituteDeptTree?t=1');
    expect(r1.status).toBe(200);
    expect(r1.body.data).toHaveLength(1);
    expect(r1.body.data[0].deptName).toBe('中国科学院化学研究所');
    const organic = r1.body.data[0].child.find((c: any) => c.deptName === '有机固体实验室');
    expect(organic.teams.map((x: any) => x.teamName)).toEqual(['李明华课题组', '宋雨晴课题组']);
    const r2 = await req('buyer2', 'GET', '/uac/v1/dept/getInstituteDeptTree');
    expect(r2.body.data[0].deptName).toBe('中国科学院上海药物研究所');
    const shared = ids(r1.body.data).filter((id) => ids(r2.body.data).includes(id));
    expect(shared).toEqual([]);
    // a supplier belongs to no institute
    expect((await req('supplier1', 'GET', '/uac/v1/dept/getInstituteDeptTree')).body.data).toEqual([]);
  });

  it('tree: owner1 sees ICCAS and is refused SIMM; admin sees any institute', async () => {
    const own = await req('owner1', 'GET', '/uac/v1/dept/tree');
    expect(own.body.data[0].deptName).toBe('中国科学院化学研究所');
    const foreign = await req('owner1', 'GET', `/uac/v1/dept/tree?instituteId=${simm}`);
    expect(foreign.body.code).toBe(40300);
    expect(foreign.body.message).toMatch(CJK);
    const same = await req('owner1', 'GET', `/uac/v1/dept/tree?instituteId=${iccas}`);
    expect(same.status).toBe(200);
    const admin = await req('admin', 'GET', `/uac/v1/dept/tree?instituteId=${simm}`);
    expect(admin.body.data[0].deptName).toBe('中国科学院上海药物研究所');
    const platform = await req('admin', 'GET', '/uac/v1/dept/tree');
    expect(platform.body.data[0].id).toBe(1);
  });

  it('institutes: the platform admin may pick every institute, an institute admin only their own, a buyer none', async () => {
    const all = (await req('admin', 'GET', '/uac/v1/dept/institutes')).body.data.map((i: { id: number }) => i.id);
    expect(all).toEqual(expect.arrayContaining([iccas, simm]));
    expect((await req('owner1', 'GET', '/uac/v1/dept/institutes')).body.data).toEqual([{ id: iccas, name: '中国科学院化学研究所' }]);
    expect((await req('buyer1', 'GET', '/uac/v1/dept/institutes')).body.code).toBe(40300);
  });
});

describe('departments: edits', () => {
  it('owner1 adds, renames and deletes an ICCAS department; each write is audited', async () => {
    const root = await dept(iccas, '中国科学院化学研究所');
    const add = await req('owner1', 'POST', '/uac/v1/dept/add', { parentId: root, deptName: '绿色化学实验室' });
    expect(add.status).toBe(200);
    const id = add.body.data.id;
    expect(add.body.data.parentId).toBe(root);
    const row = await t.ctx.database.db.selectFrom('dept').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.path).toBe(`/${root}/${id}/`);
    expect(row.institute_id).toBe(iccas);
    expect(await audits('dept.add', `dept:${id}`)).toHaveLength(1);

    const dup = await req('owner1', 'POST', '/uac/v1/dept/add', { parentId: root, deptName: '绿色化学实验室' });
    expect(dup.status).toBe(400);
    expect(dup.body.message).toContain('已有名为「绿色化学实验室」的部门');

    const upd = await req('owner1', 'PUT', '/uac/v1/dept/update', { id, deptName: '绿色与可持续化学实验室', sort: 9 });
    expect(upd.status).toBe(200);
    expect(upd.body.data.deptName).toBe('绿色与可持续化学实验室');
    expect(await audits('dept.update', `dept:${id}`)).toHaveLength(1);

    const tip = await req('owner1', 'GET', `/uac/v1/dept/delTip/${id}`);
    expect(tip.status).toBe(200);
    expect(tip.body.code).toBe(200);
    expect(tip.body.message).toBe('可以删除');
    const del = await req('owner1', 'DELETE', `/uac/v1/dept/delete/${id}`);
    expect(del.status).toBe(200);
    expect(await audits('dept.delete', `dept:${id}`)).toHaveLength(1);
    const tree = await req('owner1', 'GET', '/uac/v1/dept/tree');
    expect(ids(tree.body.data)).not.toContain(id);
    // gone: a second delete finds nothing
    expect((await req('owner1', 'DELETE', `/uac/v1/dept/delete/${id}`)).status).toBe(404);
  });

  it('delTip answers 10048 for a department with members; deleting it is refused', async () => {
    const organic = await dept(iccas, '有机固体实验室');
    const tip = await req('owner1', 'GET', `/uac/v1/dept/delTip/${organic}`);
    expect(tip.status).toBe(200);
    expect(tip.body.code).toBe(10048);
    expect(tip.body.data.members).toBeGreaterThan(0);
    expect(tip.body.data.teams).toBe(2);
    expect(tip.body.message).toMatch(/该部门下有 .*名成员，删除前请先移出/);
    const del = await req('owner1', 'DELETE', `/uac/v1/dept/delete/${organic}`);
    expect(del.status).toBe(400);
    expect(del.body.message).toContain('删除前请先移出');

    const dynamics = await dept(iccas, '分子反应动力学实验室');
    const tip2 = await req('owner1', 'GET', `/uac/v1/dept/delTip/${dynamics}`);
    expect(tip2.body.code).toBe(10048);
    expect(tip2.body.data.children).toBe(1);
    expect(tip2.body.message).toContain('1 个子部门');
    expect((await req('owner1', 'DELETE', `/uac/v1/dept/delete/${dynamics}`)).status).toBe(400);
    // the institute's root is never deleted
    const root = await dept(iccas, '中国科学院化学研究所');
    expect((await req('owner1', 'DELETE', `/uac/v1/dept/delete/${root}`)).status).toBe(400);
  });

  it('owner1 gets 404 on SIMM department ids (update, delete, delTip, add under)', async () => {
    const pharm = await dept(simm, '药物化学研究室');
    const simmCenter = await dept(simm, '分析测试中心');
    const u = await req('owner1', 'PUT', '/uac/v1/dept/update', { id: pharm, deptName: '被改名' });
    expect(u.status).toBe(404);
    expect((await req('owner1', 'DELETE', `/uac/v1/dept/delete/${simmCenter}`)).status).toBe(404);
    expect((await req('owner1', 'GET', `/uac/v1/dept/delTip/${pharm}`)).status).toBe(404);
    expect((await req('owner1', 'POST', '/uac/v1/dept/add', { parentId: pharm, deptName: '渗透' })).status).toBe(404);
    // nothing changed
    const row = await t.ctx.database.db.selectFrom('dept').select(['name', 'status']).where('id', '=', simmCenter).executeTakeFirstOrThrow();
    expect(row).toEqual({ name: '分析测试中心', status: 1 });
  });

  it('department 1 is never renamed or deleted', async () => {
    expect((await req('admin', 'PUT', '/uac/v1/dept/update', { id: 1, deptName: '改名' })).status).toBe(400);
    const del = await req('admin', 'DELETE', '/uac/v1/dept/delete/1');
    expect(del.status).toBe(400);
    expect(del.body.message).toBe('平台部门不可删除');
    // for an institute owner it is simply not theirs
    expect((await req('owner1', 'PUT', '/uac/v1/dept/update', { id: 1, deptName: '改名' })).status).toBe(404);
    expect((await req('owner1', 'DELETE', '/uac/v1/dept/delete/1')).status).toBe(404);
  });
});

describe('departments: count limit', () => {
  it('reports the limit, lets only the platform admin set it, and refuses adds beyond it', async () => {
    const before = await req('owner1', 'GET', '/uac/v1/dept/deptCountLimit');
    expect(before.status).toBe(200);
    expect(before.body.data.instituteId).toBe(iccas);
    expect(before.body.data.limit).toBe(200);
    const used = before.body.data.used;
    expect(used).toBeGreaterThan(3);
    expect((await req('owner1', 'GET', `/uac/v1/dept/deptCountLimit?instituteId=${simm}`)).body.code).toBe(40300);
    expect((await req('owner1', 'PUT', '/uac/v1/dept/deptCountLimit', { limit: 999 })).body.code).toBe(40300);

    const set = await req('admin', 'PUT', '/uac/v1/dept/deptCountLimit', { instituteId: iccas, limit: used + 1 });
    expect(set.status).toBe(200);
    expect(set.body.data).toEqual({ instituteId: iccas, limit: used + 1, used });
    expect(await audits('limit.deptCount', `institute:${iccas}`)).toHaveLength(1);
    // SIMM keeps the platform default
    expect((await req('owner2', 'GET', '/uac/v1/dept/deptCountLimit')).body.data.limit).toBe(200);

    const root = await dept(iccas, '中国科学院化学研究所');
    expect((await req('owner1', 'POST', '/uac/v1/dept/add', { parentId: root, deptName: '最后一个部门' })).status).toBe(200);
    const over = await req('owner1', 'POST', '/uac/v1/dept/add', { parentId: root, deptName: '超出上限的部门' });
    expect(over.status).toBe(400);
    expect(over.body.code).toBe(40011);
    expect(over.body.message).toContain(`${used + 1} 个`);
    expect((await req('admin', 'GET', `/uac/v1/dept/deptCountLimit?instituteId=${iccas}`)).body.data.used).toBe(used + 1);
    expect((await req('admin', 'PUT', '/uac/v1/dept/deptCountLimit', { instituteId: 99999, limit: 5 })).status).toBe(404);
  });
});

describe('departments: malformed input', () => {
  it('answers 400 with a Chinese message, never 500', async () => {
    const root = await dept(iccas, '中国科学院化学研究所');
    const bad: [string, string, unknown][] = [
      ['POST', '/uac/v1/dept/add', { parentId: 'abc', deptName: '甲' }],
      ['POST', '/uac/v1/dept/add', { parentId: String(root), deptName: '甲' }],
      ['POST', '/uac/v1/dept/add', { parentId: root, deptName: 123 }],
      ['POST', '/uac/v1/dept/add', { parentId: root }],
      ['POST', '/uac/v1/dept/add', { parentId: root, deptName: '   ' }],
      ['POST', '/uac/v1/dept/add', { parentId: root, deptName: '甲', extra: 1 }],
      ['POST', '/uac/v1/dept/add', { parentId: root, deptName: '甲', sort: -1 }],
      ['POST', '/uac/v1/dept/add', { parentId: root, deptName: 'x'.repeat(51) }],
      ['POST', '/uac/v1/dept/add', [1, 2]],
      ['PUT', '/uac/v1/dept/update', { id: 1.5, deptName: '甲' }],
      ['PUT', '/uac/v1/dept/update', { id: null, deptName: '甲' }],
      ['PUT', '/uac/v1/dept/deptCountLimit', { limit: '10' }],
      ['GET', '/uac/v1/dept/delTip/abc', undefined],
      ['GET', '/uac/v1/dept/delTip/-3', undefined],
      ['DELETE', '/uac/v1/dept/delete/1e999', undefined],
      ['GET', '/uac/v1/dept/tree?instituteId=x', undefined],
      ['GET', '/uac/v1/dept/tree?foo=1', undefined],
    ];
    for (const [m, url, body] of bad) {
      const r = await req('admin', m, url, body);
      expect(r.status, `${m} ${url} ${JSON.stringify(body)}`).toBe(400);
      expect(r.body.message, `${m} ${url}`).toMatch(CJK);
    }
    const raw = await call(t.app, 'POST', '/uac/v1/dept/add', { session: await as('admin'), raw: { body: '{"parentId":', type: 'application/json' } });
    expect(raw.status).toBe(400);
    expect(raw.body.message).toMatch(CJK);
  });
});
