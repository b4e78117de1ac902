import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/harness.ts';
import { lookups } from './support/lookups.ts';
import { upload } from './support/multipart.ts';
import { call, demoSessions, type Session } from './support/sessions.ts';

/**
 * /interface/v1 Excel families: every bad row listed in Chinese and nothing applied; a good file
 * previewed, then applied in one transaction; each list scoped (a supplier its own, an institute
 * its own); a wrong role refused; an API client exports only with the interface.export scope.
 */
let t: TestApp;
const { as, req } = demoSessions(() => t);
const { instituteId } = lookups(() => t);
const s: Record<string, Session> = {};
const db = () => t.ctx.database.db;
const ICCAS = '中国科学院化学研究所';
const SIMM = '中国科学院上海药物研究所';
const GUOYAO = '国药集团化学试剂有限公司';

beforeAll(async () => {
  t = await createTestApp();
  // this file counts what it imports: the demo's contacts, their relations and activities go first
  for (const table of ['contact_relation', 'supplier_contact', 'sales_activity'] as const) await t.ctx.database.db.deleteFrom(table).execute();
  for (const u of ['admin', 'owner1', 'owner2', 'buyer1', 'leader1', 'supplier1', 'supplier2']) s[u] = await as(u);
});
afterAll(() => t.close());

async function xlsx(headers: string[], rows: (string | number)[][]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('数据');
  ws.addRow(headers);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
const send = async (family: string, who: Session, headers: string[], rows: (string | number)[][]) =>
  upload(t.app, `/interface/v1/${family}/import`, [{ name: `${family}.xlsx`, data: await xlsx(headers, rows) }], who);
const confirm = (family: string, who: Session, id: number) => call(t.app, 'POST', `/interface/v1/${family}/import/${id}/confirm`, { session: who });
const page = async (family: string, who: Session, q = '') => (await call(t.app, 'GET', `/interface/v1/${family}/page?size=100${q}`, { session: who })).body;
async function sheetOf(res: { raw: { rawPayload: Buffer } }) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.raw.rawPayload as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  const rows: string[][] = [];
  ws.eachRow((r) => {
    rows.push((r.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v))));
  });
  return rows;
}

const CONTACT_HEADERS = ['编号', '姓名', '手机号', '邮箱', '职务', '负责区域', '备注'];

describe('/interface/v1 contacts', () => {
  it('lists every bad row in Chinese and applies nothing; a good file is previewed and applied in one transaction', async () => {
    const bad = await send('contacts', s.supplier1, CONTACT_HEADERS, [
      ['', '王销售', '13900000001', 'wang@example.com', '销售经理', '北京', ''],
      ['', '', '13900000002', '', '', '', ''],
      ['', '李销售', '1390000', '', '', '', ''],
      ['', '赵销售', '13900000001', 'not-an-email', '', '', ''],
      ['999999', '钱销售', '13900000005', '', '', '', ''],
    ]);
    expect(bad.body.code).toBe(200);
    const imp = bad.body.data;
    expect(imp.status).toBe('invalid');
    expect(imp.errorRows).toBe(4);
    const messages = imp.errors.map((e: { row: number; message: string }) => `${e.row}:${e.message}`).join('\n');
    expect(messages).toMatch(/3:“姓名”不能为空/);
    expect(messages).toMatch(/4:手机号“1390000”格式不正确/);
    expect(messages).toMatch(/5:邮箱“not-an-email”格式不正确/);
    expect(messages).toMatch(/6:编号 999999 不是本供应商的联系人/);
    expect((await confirm('contacts', s.supplier1, imp.id)).body.code).toBe(40000);
    expect((await page('contacts', s.supplier1)).data.total).toBe(0);

    const good = (
      await send('contacts', s.supplier1, CONTACT_HEADERS, [
        ['', '王销售', '13900000001', 'wang@example.com', '销售经理', '北京', ''],
        ['', '李销售', '13900000002', '', '客服', '上海', '周末值班'],
      ])
    ).body.data;
    expect(good).toMatchObject({ status: 'ready', creates: 2, updates: 0 });
    expect(good.preview.map((p: { action: string }) => p.action)).toEqual(['新增', '新增']);
    // another account cannot see or confirm it
    expect((await confirm('contacts', s.supplier2, good.id)).status).toBe(404);
    const applied = await confirm('contacts', s.supplier1, good.id);
    expect(applied.body.code).toBe(200);
    expect(applied.body.data).toMatchObject({ created: 2, updated: 0 });
    expect((await confirm('contacts', s.supplier1, good.id)).body.code).toBe(40009);

    // scope: the supplier its own, another supplier nothing, the platform all (with search)
    const mine = await page('contacts', s.supplier1);
    expect(mine.data.records.map((r: { name: string }) => r.name).sort()).toEqual(['李销售', '王销售']);
    expect((await page('contacts', s.supplier2)).data.total).toBe(0);
    expect((await page('contacts', s.admin, `&keyword=${encodeURIComponent('李销')}`)).data.records[0]).toMatchObject({ supplierName: GUOYAO });
    // wrong roles: a buyer, a team leader, an institute owner (contacts belong to suppliers)
    for (const u of ['buyer1', 'leader1', 'owner1']) expect((await page('contacts', s[u])).code, u).toBe(40300);
    expect((await send('contacts', s.admin, CONTACT_HEADERS, [['', '平台', '13900000009', '', '', '', '']])).body.code).toBe(40300);

    // the export re-imports: 编号 updates the same contact
    const exported = await call(t.app, 'GET', '/interface/v1/contacts/export', { session: s.supplier1 });
    expect(exported.status).toBe(200);
    const rows = await sheetOf(exported);
    expect(rows[0].slice(0, 7)).toEqual(CONTACT_HEADERS);
    const wang = rows.find((r) => r[1] === '王销售')!;
    const again = (await send('contacts', s.supplier1, CONTACT_HEADERS, [[wang[0], '王销售', '13900000001', '', '大区经理', '华北', '']])).body.data;
    expect(again).toMatchObject({ status: 'ready', creates: 0, updates: 1 });
    expect((await confirm('contacts', s.supplier1, again.id)).body.data).toMatchObject({ updated: 1 });
    expect((await page('contacts', s.supplier1, '&keyword=13900000001')).data.records[0]).toMatchObject({ position: '大区经理', region: '华北' });
    // another supplier naming that 编号: refused
    const theirs = (await send('contacts', s.supplier2, CONTACT_HEADERS, [[wang[0], '冒名', '13900000008', '', '', '', '']])).body.data;
    expect(theirs.errors[0].message).toMatch(/不是本供应商的联系人/);
  });

  it('a row gone bad between preview and confirmation: nothing of the import is applied', async () => {
    const { id: cid } = await db()
      .insertInto('supplier_contact')
      .values({
        supplier_id: (await db().selectFrom('supplier').select('id').where('company_name', '=', GUOYAO).executeTakeFirstOrThrow()).id,
        name: '临时',
        phone: '13900000077',
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const imp = (
      await send('contacts', s.supplier1, CONTACT_HEADERS, [
        ['', '新同事', '13900000066', '', '', '', ''],
        [cid, '临时', '13900000077', '', '已转正', '', ''],
      ])
    ).body.data;
    expect(imp.status).toBe('ready');
    await db().deleteFrom('supplier_contact').where('id', '=', cid).execute();
    const r = await confirm('contacts', s.supplier1, imp.id);
    expect(r.body.code).toBe(40009);
    expect(r.body.message).toMatch(/第 3 行.*本次导入未做任何更改/);
    expect((await page('contacts', s.supplier1, '&keyword=13900000066')).data.total).toBe(0);
  });
});

describe('/interface/v1 confirmation', () => {
  it('two confirmations at once: one applies, the other changes nothing', async () => {
    const imp = (await send('contacts', s.supplier1, CONTACT_HEADERS, [['', '并发', '13900000055', '', '', '', '']])).body.data;
    const [a, b] = await Promise.all([confirm('contacts', s.supplier1, imp.id), confirm('contacts', s.supplier1, imp.id)]);
    expect([a.body.code, b.body.code].sort()).toEqual([200, 40009]);
    expect((await page('contacts', s.supplier1, '&keyword=13900000055')).data.total).toBe(1);
  });

  it('an import not confirmed within the hour expires and cannot be confirmed', async () => {
    const imp = (await send('contacts', s.supplier1, CONTACT_HEADERS, [['', '过期', '13900000044', '', '', '', '']])).body.data;
    await db()
      .updateTable('interface_import')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', imp.id)
      .execute();
    expect((await call(t.app, 'GET', `/interface/v1/contacts/import/${imp.id}`, { session: s.supplier1 })).body.data.status).toBe('expired');
    const r = await confirm('contacts', s.supplier1, imp.id);
    expect(r.body.code).toBe(40009);
    expect(r.body.message).toMatch(/超过 60 分钟/);
    expect((await page('contacts', s.supplier1, '&keyword=13900000044')).data.total).toBe(0);
  });
});

describe('/interface/v1 contactsRelation', () => {
  it('an institute owner maps contacts to its own institute and departments only; suppliers see their own relations', async () => {
    const headers = ['编号', '研究所', '部门', '供应商', '联系人手机号', '备注'];
    const dept = await db()
      .selectFrom('dept')
      .select('name')
      .where('institute_id', '=', await instituteId('ICCAS'))
      .where('parent_id', 'is not', null)
      .where('status', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const bad = (
      await send('contactsRelation', s.owner1, headers, [
        ['', SIMM, '', GUOYAO, '13900000001', ''],
        ['', ICCAS, '不存在的部门', GUOYAO, '13900000001', ''],
        ['', ICCAS, '', GUOYAO, '13911111111', ''],
        ['', '', '', '不存在的供应商', '13900000001', ''],
      ])
    ).body.data;
    expect(bad.status).toBe('invalid');
    const m = bad.errors.map((e: { message: string }) => e.message).join('\n');
    expect(m).toMatch(/只能导入本所的对应关系/);
    expect(m).toMatch(/部门“不存在的部门”不在该研究所/);
    expect(m).toMatch(/没有手机号为 13911111111 的联系人/);
    expect(m).toMatch(/供应商“不存在的供应商”不存在/);

    const good = (
      await send('contactsRelation', s.owner1, headers, [
        ['', '', '', GUOYAO, '13900000001', '全所对接'],
        ['', ICCAS, dept.name, GUOYAO, '13900000002', ''],
      ])
    ).body.data;
    expect(good).toMatchObject({ status: 'ready', creates: 2 });
    expect((await confirm('contactsRelation', s.owner1, good.id)).body.data).toMatchObject({ created: 2 });
    const own = await page('contactsRelation', s.owner1);
    expect(own.data.total).toBe(2);
    expect(own.data.records.find((r: { deptName: string | null }) => r.deptName === dept.name)).toMatchObject({ contactName: '李销售', instituteName: ICCAS });
    expect((await page('contactsRelation', s.owner2)).data.total).toBe(0);
    expect((await call(t.app, 'GET', `/interface/v1/contactsRelation/page?instituteId=${await instituteId('ICCAS')}`, { session: s.owner2 })).body.code).toBe(
      40300,
    );
    expect((await page('contactsRelation', s.supplier1)).data.total).toBe(2);
    expect((await page('contactsRelation', s.supplier2)).data.total).toBe(0);
    // the same relation again: an update, not a duplicate
    const again = (await send('contactsRelation', s.owner1, headers, [['', '', '', GUOYAO, '13900000001', '全所对接（含周末）']])).body.data;
    expect(again).toMatchObject({ creates: 0, updates: 1 });
    // the platform names the institute on each row (no own institute to default to)
    const platform = (
      await send('contactsRelation', s.admin, headers, [
        ['', SIMM, '', GUOYAO, '13900000002', '平台代录'],
        ['', '', '', GUOYAO, '13900000002', ''],
      ])
    ).body.data;
    expect(platform.errors).toEqual([{ row: 3, column: '研究所', message: '“研究所”不能为空' }]);
    const platformOk = (await send('contactsRelation', s.admin, headers, [['', SIMM, '', GUOYAO, '13900000002', '平台代录']])).body.data;
    expect((await confirm('contactsRelation', s.admin, platformOk.id)).body.data).toMatchObject({ created: 1 });
    expect((await page('contactsRelation', s.owner2)).data.records.map((r: { note: string }) => r.note)).toEqual(['平台代录']);
    expect((await page('contactsRelation', s.admin, `&instituteId=${await instituteId('SIMM')}`)).data.total).toBe(1);
    // suppliers and buyers do not import relations
    for (const u of ['supplier1', 'buyer1'])
      expect((await send('contactsRelation', s[u], headers, [['', '', '', GUOYAO, '13900000001', '']])).body.code, u).toBe(40300);
  });
});

describe('/interface/v1 salesActivity', () => {
  it('a supplier imports its activities; an institute sees those aimed at it or at all', async () => {
    const headers = ['编号', '活动名称', '活动类型', '目标研究所', '开始日期', '结束日期', '活动内容'];
    const bad = (
      await send('salesActivity', s.supplier1, headers, [
        ['', '春季促销', '打折', '', '2026-03-01', '2026-03-31', ''],
        ['', '上门拜访', '拜访', ICCAS, '2026-04-10', '2026-04-01', ''],
        ['', '推介会', '推介会', '', '2026-02-30', '2026-03-01', ''],
      ])
    ).body.data;
    const m = bad.errors.map((e: { row: number; message: string }) => `${e.row}:${e.message}`).join('\n');
    expect(m).toMatch(/2:活动类型应为/);
    expect(m).toMatch(/3:结束日期不能早于开始日期/);
    expect(m).toMatch(/4:开始日期“2026-02-30”不是有效日期/);
    const good = (
      await send('salesActivity', s.supplier1, headers, [
        ['', '春季促销', '促销', '', '2026-03-01', '2026-03-31', '全场九五折'],
        ['', '化学所上门拜访', '拜访', ICCAS, '2026/4/1', '2026/4/2', ''],
        ['', '药物所推介会', '推介会', SIMM, '2026-05-01', '2026-05-01', ''],
      ])
    ).body.data;
    expect((await confirm('salesActivity', s.supplier1, good.id)).body.data).toMatchObject({ created: 3 });
    const titles = async (u: string) => (await page('salesActivity', s[u])).data.records.map((r: { title: string }) => r.title).sort();
    expect(await titles('owner1')).toEqual(['化学所上门拜访', '春季促销']);
    expect(await titles('owner2')).toEqual(['春季促销', '药物所推介会']);
    expect((await titles('supplier1')).length).toBe(3);
    expect(await titles('supplier2')).toEqual([]);
    expect((await page('salesActivity', s.supplier1, `&keyword=${encodeURIComponent('拜访')}`)).data.records[0]).toMatchObject({
      startDate: '2026-04-01',
      instituteName: ICCAS,
    });
    expect((await send('salesActivity', s.owner1, headers, [['', 'x', '促销', '', '2026-03-01', '2026-03-01', '']])).body.code).toBe(40300);
  });
});

describe('/interface/v1 deptDiscount', () => {
  const headers = ['编号', '研究所', '部门', '货号', '方式', '折扣', '协议价(元)', '开始日期', '结束日期', '状态', '备注'];
  it('a supplier imports discount rules with the 协议价 form rules; institutes see only their own; an API client exports with interface.export only', async () => {
    const bad = (
      await send('deptDiscount', s.supplier1, headers, [
        ['', ICCAS, '', '', '折扣', '12', '', '2026-01-01', '2026-12-31', '', ''],
        ['', ICCAS, '', '', '协议价', '', '10.00', '2026-01-01', '2026-12-31', '', ''],
        ['', '不存在研究所', '', '', '折扣', '9.5', '', '2026-01-01', '2026-12-31', '', ''],
        ['', ICCAS, '', 'NO-SUCH-NO', '折扣', '9.5', '', '2026-01-01', '2026-12-31', '', ''],
      ])
    ).body.data;
    const m = bad.errors.map((e: { row: number; message: string }) => `${e.row}:${e.message}`).join('\n');
    expect(m).toMatch(/2:折扣“12”格式不正确/);
    expect(m).toMatch(/3:协议价须指定商品/);
    expect(m).toMatch(/4:研究所“不存在研究所”不存在或已停用/);
    expect(m).toMatch(/5:本店没有货号为 NO-SUCH-NO 的商品/);

    const good = (
      await send('deptDiscount', s.supplier1, headers, [['', ICCAS, '', '', '折扣', '9.2', '', '2026-01-01', '2026-12-31', '启用', '年度框架协议']])
    ).body.data;
    expect(good).toMatchObject({ status: 'ready', creates: 1 });
    expect(good.preview[0].summary).toMatch(/9\.2折/);
    expect((await confirm('deptDiscount', s.supplier1, good.id)).body.data).toMatchObject({ created: 1 });
    const rule = await db().selectFrom('dept_discount').selectAll().where('note', '=', '年度框架协议').executeTakeFirstOrThrow();
    expect(rule).toMatchObject({ rate: 920, dept_id: null, item_id: null, status: 1 });

    // scope: owner1 (化学所) sees it, owner2 (药物所) sees only 药物所's (the demo's 麦克林 rules), supplier2 none of supplier1's
    const own1 = (await page('deptDiscount', s.owner1)).data.records;
    expect(own1.map((r: { note: string }) => r.note)).toContain('年度框架协议');
    const own2 = (await page('deptDiscount', s.owner2)).data.records;
    expect(own2.every((r: { instituteName: string }) => r.instituteName === SIMM)).toBe(true);
    expect((await page('deptDiscount', s.supplier2)).data.records.map((r: { note: string }) => r.note)).not.toContain('年度框架协议');
    // institutes read, they do not import discount rules
    expect((await send('deptDiscount', s.owner1, headers, [['', ICCAS, '', '', '折扣', '9.2', '', '2026-01-01', '2026-12-31', '', '']])).body.code).toBe(40300);

    // an API client bound to 化学所: with interface.export its institute's rules; without it, FORBIDDEN
    const issue = async (scopes: string[], institute: string) =>
      (await req('admin', 'POST', '/uac/v1/apiClient/add', { name: `导出-${scopes.length}-${institute}`, instituteId: await instituteId(institute), scopes }))
        .body.data;
    const asClient = (c: { clientId: string; secret: string; signKey: string }, path: string) =>
      call(t.app, 'GET', path, { authorization: `Basic ${Buffer.from(`${c.clientId}:${c.secret}`).toString('base64')}`, signKey: c.signKey });
    const withScope = await issue(['interface.export'], 'ICCAS');
    const exported = await asClient(withScope, '/interface/v1/deptDiscount/export');
    expect(exported.status).toBe(200);
    const rows = await sheetOf(exported);
    expect(rows[0].slice(0, 11)).toEqual(headers);
    expect(rows.slice(1).every((r) => r[1] === ICCAS)).toBe(true);
    expect(rows.some((r) => r[10] === '年度框架协议' && r[5] === '9.2')).toBe(true);
    // naming another institute: refused
    expect((await asClient(withScope, `/interface/v1/deptDiscount/export?instituteId=${await instituteId('SIMM')}`)).body.code).toBe(40300);
    const without = await issue(['zkpd.grantCard'], 'ICCAS');
    expect((await asClient(without, '/interface/v1/deptDiscount/export')).body.code).toBe(40300);
    expect((await asClient(without, '/interface/v1/contactsRelation/export')).body.code).toBe(40300);
    // contacts are no institute's data: no client export at all
    expect((await asClient(withScope, '/interface/v1/contacts/export')).body.code).not.toBe(200);
    // the exported sheet re-imports as updates for the supplier
    const mine = await call(t.app, 'GET', '/interface/v1/deptDiscount/export', { session: s.supplier1 });
    const again = (
      await send(
        'deptDiscount',
        s.supplier1,
        headers,
        (await sheetOf(mine)).slice(1).map((r) => r.slice(0, 11)),
      )
    ).body.data;
    expect(again).toMatchObject({ status: 'ready', creates: 0, updates: 1 });
  });
});
