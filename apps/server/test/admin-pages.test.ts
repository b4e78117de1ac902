import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/harness.ts';
import { makeAcceptedSubOrder } from './support/invoice-fixtures.ts';
import { lookups } from './support/lookups.ts';
import { demoSessions } from './support/sessions.ts';

/**
 * The admin pages that read or write through these calls: the audit log's filters and its Excel
 * export, the count limits of every institute, the approval flow's institute scope, the express
 * channels' tracking addresses (and the tracking link of a parcel), and the buy tips — each with
 * the wrong role and a foreign or unknown id.
 */
let t: TestApp;
const { req } = demoSessions(() => t);
const db = () => t.ctx.database.db;
const { userId, instituteId } = lookups(() => t);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function sheetRows(r: Awaited<ReturnType<typeof req>>) {
  expect(r.status).toBe(200);
  expect(r.raw.headers['content-type']).toContain('spreadsheetml');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(r.raw.rawPayload as unknown as ArrayBuffer);
  const ws = wb.worksheets[0]!;
  const rows: string[][] = [];
  ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
  return rows;
}

describe('audit log: filters and export', () => {
  // rows written straight in, at known instants, so the day filters are exact (Shanghai = UTC+8)
  beforeAll(async () => {
    const owner1 = await userId('owner1');
    const owner2 = await userId('owner2');
    const admin = await userId('admin');
    await db()
      .insertInto('audit_log')
      .values([
        { user_id: owner1, action: 'dept.add', target: 'dept:9001', detail: '{"name":"甲"}', ip: '10.0.0.1', created_at: '2026-03-01T15:59:00.000Z' },
        { user_id: owner1, action: 'user.add', target: 'user:9002', detail: null, ip: '10.0.0.1', created_at: '2026-03-01T16:01:00.000Z' },
        { user_id: owner2, action: 'dept.update', target: 'dept:9003', detail: null, ip: '10.0.0.2', created_at: '2026-03-02T03:00:00.000Z' },
        { user_id: admin, action: 'buyTip.add', target: 'buyTip:9004', detail: '=SUM(1+1)', ip: '10.0.0.3', created_at: '2026-03-03T03:00:00.000Z' },
      ])
      .execute();
  });
  const days = 'dateFrom=2026-03-01&dateTo=2026-03-03';
  const actions = async (who: string, q: string) => {
    const r = await req(who, 'GET', `/uac/v1/audit/page?size=100&${q.includes('date') ? '' : `${days}&`}${q}`);
    expect(r.body.code).toBe(200);
    return r.body.data.records.map((x: any) => x.action);
  };

  it('filters by actor, module, action and Shanghai calendar days', async () => {
    expect(await actions('admin', '')).toEqual(['buyTip.add', 'dept.update', 'user.add', 'dept.add']);
    expect(await actions('admin', 'userName=owner')).toEqual(['dept.update', 'user.add', 'dept.add']);
    expect(await actions('admin', 'userName=owner1')).toEqual(['user.add', 'dept.add']);
    expect(await actions('admin', 'module=dept')).toEqual(['dept.update', 'dept.add']);
    expect(await actions('admin', 'module=dept&action=dept.add')).toEqual(['dept.add']);
    // 15:59 UTC on 1 March is 23:59 in Shanghai (1 March); 16:01 UTC is already 2 March there
    expect(await actions('admin', 'dateFrom=2026-03-01&dateTo=2026-03-01')).toEqual(['dept.add']);
    expect(await actions('admin', 'dateFrom=2026-03-02&dateTo=2026-03-02')).toEqual(['dept.update', 'user.add']);
  });

  it("keeps an institute owner to their institute's users", async () => {
    expect(await actions('owner1', '')).toEqual(['user.add', 'dept.add']);
    expect(await actions('owner1', 'userName=owner2')).toEqual([]);
  });

  it('refuses bad filters in Chinese', async () => {
    const bad = async (q: string) => (await req('admin', 'GET', `/uac/v1/audit/page?${q}`)).body;
    expect(await bad('module=nosuch')).toMatchObject({ code: 40000, message: expect.stringContaining('模块不存在') });
    expect(await bad('dateFrom=2026-3-1')).toMatchObject({ code: 40000, message: expect.stringContaining('YYYY-MM-DD') });
    expect(await bad('dateFrom=2026-02-30')).toMatchObject({ code: 40000, message: '日期 2026-02-30 无效' });
    expect(await bad('dateFrom=2026-03-05&dateTo=2026-03-01')).toMatchObject({ code: 40000, message: '开始日期不能晚于结束日期' });
  });

  it('exports the same rows as an .xlsx, neutralising formulas, scoped like the list', async () => {
    const all = await sheetRows(await req('admin', 'GET', `/uac/v1/audit/export?${days}`));
    expect(all[0]).toEqual(['时间', '操作人', '模块', '操作', '对象', '详情', 'IP']);
    expect(all.slice(1).map((r) => [r[0], r[1], r[2], r[3]])).toEqual([
      ['2026-03-03 11:00:00', 'admin', '购买须知', 'buyTip.add'],
      ['2026-03-02 11:00:00', 'owner2', '部门', 'dept.update'],
      ['2026-03-02 00:01:00', 'owner1', '用户', 'user.add'],
      ['2026-03-01 23:59:00', 'owner1', '部门', 'dept.add'],
    ]);
    expect(all[1]![5]).toBe("'=SUM(1+1)");
    const mine = await sheetRows(await req('owner1', 'GET', `/uac/v1/audit/export?${days}&module=dept`));
    expect(mine.slice(1).map((r) => r[3])).toEqual(['dept.add']);
  });

  it('refuses the export to roles without the audit page and an over-wide export', async () => {
    for (const who of ['buyer1', 'supplier1', 'finance1']) expect((await req(who, 'GET', '/uac/v1/audit/export')).body.code).toBe(40300);
    const owner2 = await userId('owner2');
    const many = Array.from({ length: 10_001 }, (_, i) => ({
      user_id: owner2,
      action: 'notice.publish',
      target: `notice:${i}`,
      detail: null,
      ip: null,
      created_at: '2026-04-01T01:00:00.000Z',
    }));
    for (let i = 0; i < many.length; i += 500)
      await db()
        .insertInto('audit_log')
        .values(many.slice(i, i + 500))
        .execute();
    const r = await req('admin', 'GET', '/uac/v1/audit/export?dateFrom=2026-04-01&dateTo=2026-04-01');
    expect(r.body).toMatchObject({ code: 40000, message: expect.stringContaining('超过单次导出上限 10000 条') });
    // the rows are owner2's: owner1's export sees none of them, so it is not too wide
    expect((await req('owner1', 'GET', '/uac/v1/audit/export?dateFrom=2026-04-01&dateTo=2026-04-01')).status).toBe(200);
  });
});

describe('count limits of every institute', () => {
  it('lists institutes with their limits, usage and whether the value is their own', async () => {
    const iccas = await instituteId('ICCAS');
    expect((await req('admin', 'PUT', '/uac/v1/dept/deptCountLimit', { instituteId: iccas, limit: 77 })).body.code).toBe(200);
    const page = await req('admin', 'GET', '/uac/v1/limit/page?size=100');
    expect(page.body.code).toBe(200);
    const rows = page.body.data.records;
    expect(page.body.data.total).toBe(rows.length);
    const row = rows.find((r: any) => r.instituteId === iccas);
    const depts = await db().selectFrom('dept').select('id').where('institute_id', '=', iccas).where('status', '=', 1).execute();
    const users = await db().selectFrom('app_user').select('id').where('institute_id', '=', iccas).where('deleted', '=', 0).execute();
    const defaults = (await req('admin', 'GET', '/uac/v1/limit/defaults')).body.data;
    expect(row).toMatchObject({
      deptLimit: 77,
      deptOwn: true,
      deptUsed: depts.length,
      userLimit: defaults.instituteUserCount,
      userOwn: false,
      userUsed: users.length,
    });
    const other = rows.find((r: any) => r.instituteId !== iccas);
    expect(other).toMatchObject({ deptLimit: defaults.deptCount, deptOwn: false });
    // the single-institute reading agrees
    expect((await req('admin', 'GET', `/uac/v1/dept/deptCountLimit?instituteId=${iccas}`)).body.data).toMatchObject({ limit: 77, used: depts.length });
  });

  it('filters by name, and a new default reaches institutes without their own value', async () => {
    const byName = await req('admin', 'GET', `/uac/v1/limit/page?name=${encodeURIComponent('化学研究所')}`);
    expect(byName.body.data.records.map((r: any) => r.instituteCode)).toContain('ICCAS');
    expect(byName.body.data.records.every((r: any) => r.instituteName.includes('化学研究所'))).toBe(true);
    expect((await req('admin', 'PUT', '/uac/v1/caas-user/instituteUserCountLimit', { limit: 1234 })).body.code).toBe(200);
    expect((await req('admin', 'GET', '/uac/v1/limit/defaults')).body.data.instituteUserCount).toBe(1234);
    const rows = (await req('admin', 'GET', '/uac/v1/limit/page?size=100')).body.data.records;
    expect(rows.every((r: any) => r.userLimit === 1234 && !r.userOwn)).toBe(true);
  });

  it('refuses other roles, a negative limit and an unknown institute', async () => {
    for (const who of ['owner1', 'buyer1', 'supplier1']) {
      expect((await req(who, 'GET', '/uac/v1/limit/page')).body.code).toBe(40300);
      expect((await req(who, 'GET', '/uac/v1/limit/defaults')).body.code).toBe(40300);
    }
    expect((await req('admin', 'PUT', '/uac/v1/dept/deptCountLimit', { limit: -1 })).body).toMatchObject({
      code: 40000,
      message: expect.stringContaining('上限不能为负数'),
    });
    expect((await req('admin', 'PUT', '/uac/v1/dept/deptCountLimit', { instituteId: 999_999, limit: 5 })).body.code).toBe(404);
    expect((await req('admin', 'GET', '/uac/v1/limit/page?size=5000')).body.code).toBe(40000);
  });
});

describe('approval flow settings', () => {
  const flow = { teamEnabled: 1, teamThreshold: 0, instituteEnabled: 1, instituteThreshold: 500_000, checkerEnabled: 1, hazardRequiresInstitute: 1 };

  it('the platform admin reads and saves any institute; an unknown institute is not found', async () => {
    const simm = await instituteId('SIMM');
    expect((await req('admin', 'PUT', '/mall/v1/approval/flow', { instituteId: simm, ...flow })).body.code).toBe(200);
    expect((await req('admin', 'GET', `/mall/v1/approval/flow?instituteId=${simm}`)).body.data).toEqual(flow);
    expect((await req('admin', 'GET', '/mall/v1/approval/flow?instituteId=999999')).body.code).toBe(404);
    expect((await req('admin', 'PUT', '/mall/v1/approval/flow', { instituteId: 999_999, ...flow })).body.code).toBe(404);
  });

  it('lists every institute with its flow, the default where none is saved', async () => {
    const simm = await instituteId('SIMM');
    const page = await req('admin', 'GET', '/mall/v1/approval/flow/page?size=100');
    expect(page.body.code).toBe(200);
    const institutes = await db().selectFrom('institute').select('id').execute();
    expect(page.body.data.total).toBe(institutes.length);
    const row = page.body.data.records.find((r: any) => r.instituteId === simm);
    expect(row).toMatchObject({ ...flow, configured: true });
    const others = page.body.data.records.filter((r: any) => r.instituteId !== simm && !r.configured);
    for (const r of others) expect(r).toMatchObject({ teamEnabled: 1, instituteThreshold: 500_000 });
    const named = await req('admin', 'GET', `/mall/v1/approval/flow/page?name=${encodeURIComponent('药物')}`);
    expect(named.body.data.records.map((r: any) => r.instituteId)).toEqual([simm]);
    for (const who of ['owner1', 'buyer1', 'supplier1']) expect((await req(who, 'GET', '/mall/v1/approval/flow/page')).body.code).toBe(40300);
  });

  it('refuses roles without the page, and keeps others out of a foreign institute', async () => {
    const simm = await instituteId('SIMM');
    for (const who of ['owner1', 'buyer1', 'supplier1']) {
      expect((await req(who, 'GET', `/mall/v1/approval/flow?instituteId=${simm}`)).body.code).toBe(40300);
      expect((await req(who, 'PUT', '/mall/v1/approval/flow', { instituteId: simm, ...flow })).body.code).toBe(40300);
    }
    expect((await req('admin', 'PUT', '/mall/v1/approval/flow', { instituteId: simm, ...flow, teamThreshold: -5 })).body.code).toBe(40000);
  });
});

describe('express channels and tracking links', () => {
  it('saves a tracking template and links each parcel of that channel to its page', async () => {
    const saved = await req('admin', 'POST', '/mall/v1/expChannel/save', {
      name: '测试快递',
      code: 'zhongtong',
      trackingUrl: 'https://www.kuaidi100.com/chaxun?com={com}&nu={no}',
      sort: 50,
    });
    expect(saved.body.code).toBe(200);
    const channelId = saved.body.data.id;
    const o = await makeAcceptedSubOrder(db(), { supplier: '国药', buyer: 'buyer1', team: '李明华课题组', lines: [{ amount: 1000, rate: '13' }] });
    const buyer = await userId('buyer1');
    await db()
      .insertInto('delivery')
      .values({ sub_order_id: o.subId, express_channel_id: channelId, tracking_no: 'ZT 100&2', created_by: buyer, created_at: new Date().toISOString() })
      .execute();
    const d = (await req('buyer1', 'GET', `/mall/v1/order-detail/${o.orderId}`)).body.data;
    const parcel = d.subOrders.find((s: any) => s.id === o.subId).deliveries[0];
    expect(parcel).toMatchObject({
      channel: '测试快递',
      trackingNo: 'ZT 100&2',
      trackingLink: 'https://www.kuaidi100.com/chaxun?com=zhongtong&nu=ZT%20100%262',
    });

    // without an address there is no link; disabled channels are hidden from everyone but the managers
    expect(
      (await req('admin', 'POST', '/mall/v1/expChannel/save', { id: channelId, name: '测试快递', code: 'zhongtong', trackingUrl: null, status: 0 })).body.code,
    ).toBe(200);
    const again = (await req('buyer1', 'GET', `/mall/v1/order-detail/${o.orderId}`)).body.data;
    expect(again.subOrders.find((s: any) => s.id === o.subId).deliveries[0].trackingLink).toBeNull();
    expect((await req('supplier1', 'GET', '/mall/v1/expChannel/list')).body.data.map((c: any) => c.id)).not.toContain(channelId);
    expect((await req('admin', 'GET', '/mall/v1/expChannel/list')).body.data.find((c: any) => c.id === channelId)).toMatchObject({
      status: 0,
      trackingUrl: null,
    });
  });

  it('refuses bad addresses in Chinese, other roles, and an unknown channel', async () => {
    const save = (who: string, body: Record<string, unknown>) => req(who, 'POST', '/mall/v1/expChannel/save', { name: '某快递', code: 'MOU', ...body });
    expect((await save('admin', { trackingUrl: 'ftp://x/{no}' })).body).toMatchObject({ code: 40000, message: expect.stringContaining('http(s)://') });
    expect((await save('admin', { trackingUrl: 'https://x/?n={number}' })).body).toMatchObject({ code: 40000, message: expect.stringContaining('{com}') });
    expect((await save('admin', { code: '中文' })).body).toMatchObject({ code: 40000, message: expect.stringContaining('编码为 2-20 位') });
    expect((await save('admin', { name: '快' })).body).toMatchObject({ code: 40000, message: expect.stringContaining('渠道名称为 2-30 个字') });
    expect((await save('admin', { id: 999_999 })).body.code).toBe(404);
    for (const who of ['owner1', 'buyer1', 'supplier1']) expect((await save(who, {})).body.code).toBe(40300);
  });
});

describe('buy tips', () => {
  it('the admin adds, edits and deletes a tip; other roles are refused', async () => {
    const add = await req('admin', 'POST', '/mall/v1/buyTip/addBuyTip', { title: '危化品须知', content: '须持证购买', sort: 3 });
    expect(add.body.code).toBe(200);
    const id = add.body.data.id;
    expect(
      (await req('admin', 'PUT', '/mall/v1/buyTip/updateBuyTip', { id, title: '危化品须知', content: '须持证购买并备案', status: 0, sort: 3 })).body.code,
    ).toBe(200);
    expect((await req('admin', 'GET', `/mall/v1/buyTip/getBuyTipById/${id}`)).body.data).toMatchObject({ content: '须持证购买并备案', status: 0 });
    expect((await req('admin', 'POST', '/mall/v1/buyTip/addBuyTip', { title: '', content: 'x' })).body).toMatchObject({
      code: 40000,
      message: expect.stringContaining('请输入标题'),
    });
    for (const who of ['owner1', 'buyer1', 'supplier1']) {
      expect((await req(who, 'GET', '/mall/v1/buyTip/getAllBuyTip')).body.code).toBe(40300);
      expect((await req(who, 'DELETE', `/mall/v1/buyTip/deleteBuyTip/${id}`)).body.code).toBe(40300);
    }
    expect((await req('admin', 'DELETE', `/mall/v1/buyTip/deleteBuyTip/${id}`)).body.code).toBe(200);
    expect((await req('admin', 'GET', `/mall/v1/buyTip/getBuyTipById/${id}`)).body.code).toBe(404);
  });
});
