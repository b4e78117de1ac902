import { ORDER_IMPORT_COLUMNS } from '@kc/contracts/oversight/exports';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supplierId } from './support/catalog-fixtures.ts';
import { createTestApp, type TestApp } from './support/harness.ts';
import { upload } from './support/multipart.ts';
import { call, demoSessions, type Session } from './support/sessions.ts';

/**
 * The platform's import of historical orders: template, every bad row listed and nothing applied,
 * a good import applied in one transaction (all or nothing), never twice.
 */
let t: TestApp;
const { as } = demoSessions(() => t);
const s: Record<string, Session> = {};
const db = () => t.ctx.database.db;
const URL_IMPORT = '/mall/v1/orderExport/admin/import';
const ICCAS = '中国科学院化学研究所';
const GUOYAO = '国药集团化学试剂有限公司';
const ALADDIN = '上海阿拉丁生化科技股份有限公司';
type Item = { brand: string; catalogNo: string; spec: string; name: string };
const items: Record<string, Item> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['admin', 'owner1', 'buyer1', 'supplier1']) s[u] = await as(u);
  for (const [k, sup] of [
    ['guoyao', '国药'],
    ['aladdin', '阿拉丁'],
  ] as const) {
    const it = await db()
      .selectFrom('item')
      .innerJoin('brand', 'brand.id', 'item.brand_id')
      .select(['brand.name as brand', 'item.catalog_no', 'item.spec', 'item.name'])
      .where('item.supplier_id', '=', await supplierId(db(), sup))
      .where('item.catalog_no', 'is not', null)
      .where('item.deleted', '=', 0)
      .orderBy('item.id')
      .executeTakeFirstOrThrow();
    items[k] = { brand: it.brand, catalogNo: it.catalog_no!, spec: it.spec, name: it.name };
  }
});
afterAll(() => t.close());

type Row = Partial<Record<(typeof ORDER_IMPORT_COLUMNS)[number], string>>;
const line = (o: {
  group?: string;
  buyer?: string;
  institute?: string;
  supplier?: string;
  item?: Item;
  qty?: string;
  price?: string;
  date?: string;
  cas?: string;
}): Row => {
  const it = o.item ?? items.guoyao;
  return {
    原订单号: o.group ?? '',
    研究所: o.institute ?? ICCAS,
    采购人账号: o.buyer ?? 'buyer1',
    供应商: o.supplier ?? GUOYAO,
    商品名称: it.name,
    CAS号: o.cas ?? '',
    品牌: it.brand,
    货号: it.catalogNo,
    规格: it.spec,
    数量: o.qty ?? '2',
    '单价(元)': o.price ?? '12.30',
    下单日期: o.date ?? '2025-03-01',
  };
};

async function xlsx(rows: Row[]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('历史订单');
  ws.addRow([...ORDER_IMPORT_COLUMNS]);
  for (const r of rows) ws.addRow(ORDER_IMPORT_COLUMNS.map((h) => r[h] ?? ''));
  return Buffer.from(await wb.xlsx.writeBuffer());
}
const send = async (rows: Row[], who = s.admin) => upload(t.app, URL_IMPORT, [{ name: '历史订单.xlsx', data: await xlsx(rows) }], who);
const orderCount = async () =>
  Number(
    (
      await db()
        .selectFrom('purchase_order')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('order import', () => {
  it('offers a template to the platform only', async () => {
    const r = await call(t.app, 'GET', `${URL_IMPORT}/template`, { session: s.admin });
    expect(r.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(r.raw.rawPayload as unknown as ArrayBuffer);
    expect((wb.worksheets[0].getRow(1).values as unknown[]).slice(1)).toEqual([...ORDER_IMPORT_COLUMNS]);
    for (const u of ['owner1', 'buyer1', 'supplier1']) {
      expect((await call(t.app, 'GET', `${URL_IMPORT}/template`, { session: s[u] })).body.code).toBe(40300);
      expect((await send([line({})], s[u])).body.code).toBe(40300);
    }
  });

  it('lists every bad row and applies nothing', async () => {
    const before = await orderCount();
    const r = await send([
      line({ group: 'A1' }),
      line({ institute: '不存在研究所' }),
      line({ buyer: 'buyer2' }),
      line({ supplier: '不存在的公司' }),
      line({ cas: '64-17-6', qty: '0' }),
      line({ price: 'abc', date: '2099-01-01' }),
      line({ item: { ...items.guoyao, catalogNo: 'NO-SUCH' } }),
      line({ group: 'A1', buyer: 'leader1' }),
    ]);
    expect(r.body.code).toBe(200);
    const d = r.body.data;
    expect(d).toMatchObject({ status: 'invalid', totalRows: 8, errorRows: 7 });
    const byRow = (n: number) =>
      d.errors.filter((e: { row: number }) => e.row === n).map((e: { column: string; message: string }) => `${e.column}：${e.message}`);
    expect(byRow(2)).toEqual([]);
    expect(byRow(3)).toEqual(['研究所：研究所「不存在研究所」不存在']);
    expect(byRow(4)).toEqual([`采购人账号：采购人「buyer2」不属于研究所「${ICCAS}」`]);
    expect(byRow(5)).toEqual(['供应商：供应商「不存在的公司」不存在']);
    expect(byRow(6)).toEqual(['CAS号：「64-17-6」不是有效的 CAS 号', '数量：须为 1 至 1,000,000 的整数']);
    expect(byRow(7)).toEqual([expect.stringMatching(/^单价\(元\)：/), '下单日期：下单日期不能晚于今天']);
    expect(byRow(8)).toEqual([`货号：供应商「${GUOYAO}」没有品牌「${items.guoyao.brand}」、货号「NO-SUCH」、规格「${items.guoyao.spec}」的商品`]);
    expect(byRow(9)).toEqual(['原订单号：与第 2 行同属原订单号「A1」，研究所、采购人账号与下单日期须相同']);
    const confirm = await call(t.app, 'POST', `${URL_IMPORT}/${d.id}/confirm`, { session: s.admin });
    expect([confirm.status, confirm.body.message]).toEqual([400, '导入文件有 7 行错误，请修改后重新上传']);
    expect(await orderCount()).toBe(before);
  });

  it('applies a good import in one transaction, once', async () => {
    const before = await orderCount();
    const rows = [
      line({ group: 'G1', qty: '3', price: '10.50' }),
      line({ group: 'G1', supplier: ALADDIN, item: items.aladdin, qty: '1', price: '99' }),
      line({ group: 'G2', date: '2025/4/2' }),
      line({}),
    ];
    const r = await send(rows);
    expect(r.body.data).toMatchObject({ status: 'ready', totalRows: 4, errorRows: 0, orderCount: 3, errors: [] });
    expect(r.body.data.preview[0]).toMatchObject({ row: 2, group: 'G1', quantity: 3, unitPrice: 1050, amount: 3150, orderDate: '2025-03-01' });
    // the preview again; other accounts cannot read it
    expect((await call(t.app, 'GET', `${URL_IMPORT}/${r.body.data.id}`, { session: s.admin })).body.data.status).toBe('ready');
    expect((await call(t.app, 'GET', `${URL_IMPORT}/${r.body.data.id}`, { session: s.owner1 })).body.code).toBe(40300);
    expect((await call(t.app, 'POST', `${URL_IMPORT}/${r.body.data.id}/confirm`, { session: s.owner1 })).body.code).toBe(40300);

    // two confirmations at once: one applies, the other finds it applied
    const both = await Promise.all([1, 2].map(() => call(t.app, 'POST', `${URL_IMPORT}/${r.body.data.id}/confirm`, { session: s.admin })));
    expect(both.map((x) => x.body.code).sort()).toEqual([200, 40009]);
    const ok = both.find((x) => x.body.code === 200)!;
    expect(ok.body.data).toMatchObject({ orders: 3, lines: 4 });
    expect(await orderCount()).toBe(before + 3);
    const g1 = await db().selectFrom('purchase_order').selectAll().where('idempotency_key', '=', 'import:G1').executeTakeFirstOrThrow();
    expect(g1).toMatchObject({ status: 'completed', total_amount: 3150 + 9900, delivery_fee: 0, approval_steps: '' });
    // the day in the sheet is the day the order shows (Shanghai)
    expect(new Date(Date.parse(g1.created_at) + 8 * 3600_000).toISOString().slice(0, 10)).toBe('2025-03-01');
    const subs = await db().selectFrom('sub_order').selectAll().where('order_id', '=', g1.id).orderBy('id').execute();
    expect(subs.map((x) => [x.status, Number(x.total_amount)])).toEqual([
      ['completed', 3150],
      ['completed', 9900],
    ]);
    const lines = await db().selectFrom('order_line').selectAll().where('order_id', '=', g1.id).execute();
    expect(lines.every((l) => l.delivered_qty === l.quantity)).toBe(true);
    // the buyer sees it among their orders
    const mine = await call(t.app, 'GET', `/mall/v1/order-caas/buyer/page?orderNo=${g1.order_no}`, { session: s.buyer1 });
    expect(mine.body.data.records.map((o: { id: number }) => o.id)).toEqual([g1.id]);

    // a second confirmation, and the same 原订单号 uploaded again
    expect((await call(t.app, 'POST', `${URL_IMPORT}/${r.body.data.id}/confirm`, { session: s.admin })).body.code).toBe(40009);
    const again = await send([line({ group: 'G1' })]);
    expect(again.body.data.errors[0].message).toBe(`原订单号「G1」已导入过（订单 ${g1.order_no}）`);
    expect(await orderCount()).toBe(before + 3);
  });

  it('writes nothing when one order of the import cannot be written', async () => {
    const r = await send([line({ group: 'T1' }), line({ group: 'T2' })]);
    expect(r.body.data.status).toBe('ready');
    const before = await orderCount();
    // T2 was imported meanwhile (another upload confirmed first): T1, written before it, rolls back
    const buyer = await db().selectFrom('app_user').select('id').where('user_name', '=', 'buyer1').executeTakeFirstOrThrow();
    const model = await db().selectFrom('purchase_order').selectAll().where('idempotency_key', '=', 'import:G1').executeTakeFirstOrThrow();
    const { id: _id, ...copy } = model;
    await db()
      .insertInto('purchase_order')
      .values({ ...copy, order_no: `${model.order_no}X`, idempotency_key: 'import:T2', placed_by_id: buyer.id })
      .execute();
    const confirm = await call(t.app, 'POST', `${URL_IMPORT}/${r.body.data.id}/confirm`, { session: s.admin });
    expect(confirm.body.code).toBe(40009);
    expect(confirm.body.message).toContain('本次导入未生成任何订单');
    expect(await orderCount()).toBe(before + 1);
    expect(await db().selectFrom('purchase_order').select('id').where('idempotency_key', '=', 'import:T1').executeTakeFirst()).toBeUndefined();
    // the import is still waiting for confirmation (its state change rolled back too)
    expect((await call(t.app, 'GET', `${URL_IMPORT}/${r.body.data.id}`, { session: s.admin })).body.data.status).toBe('ready');
  });

  it('refuses what is not an Excel file, with a Chinese reason', async () => {
    const r = await upload(t.app, URL_IMPORT, [{ name: 'x.xlsx', data: Buffer.from('not a workbook') }], s.admin);
    expect(r.body.code).toBe(40000);
    expect(r.body.message).toMatch(/[\u4e00-\u9fa5]/);
  });
});
