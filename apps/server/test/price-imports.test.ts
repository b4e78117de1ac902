import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/harness.ts';
import { upload } from './support/multipart.ts';
import { demoSessions } from './support/sessions.ts';

/** Excel price imports (issue 10 §2): check, preview, confirm within the hour, all or nothing, rollback. */
let t: TestApp;
const { req, as } = demoSessions(() => t);
const db = () => t.ctx.database.db;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** the headers of sheets made before 新增 (商品名称 and CAS then only for reference): still read */
const HEAD = ['货号', '品牌', '规格', '商品名称（仅供参考）', 'CAS号（仅供参考）', '单价（元）', '库存', '货期（天，0为现货）'];
/** today's template: a row matching no item proposes a new one with 商品名称, 单位 and 分类 */
const TEMPLATE_HEAD = [
  '货号',
  '品牌',
  '规格',
  '商品名称（新增商品必填）',
  'CAS号（新增商品选填）',
  '单价（元）',
  '库存',
  '货期（天，0为现货）',
  '单位（新增商品必填）',
  '分类（新增商品必填，末级分类或路径）',
];
type Cell = ExcelJS.CellValue;

async function sheet(rows: Cell[][], head: string[] = HEAD): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('价格表');
  ws.addRow(head);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const send = async (userName: string, data: Buffer, name = '价格表.xlsx') =>
  upload(t.app, '/supplier/v1/item/excel/uploadPrice', [{ name, data }], await as(userName));

async function readXlsx(buf: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ExcelJS.Buffer);
  return wb.worksheets[0];
}

const supplierOf = async (userName: string) =>
  (await db().selectFrom('app_user').select('supplier_id').where('user_name', '=', userName).executeTakeFirstOrThrow()).supplier_id as number;

/** Live, single-listed items of a supplier with what a sheet row names. */
async function items(userName: string, n: number, offset = 0) {
  return db()
    .selectFrom('item')
    .innerJoin('brand', 'brand.id', 'item.brand_id')
    .select(['item.id', 'item.catalog_no', 'item.spec', 'item.price', 'item.stock', 'brand.name as brand'])
    .where('item.supplier_id', '=', await supplierOf(userName))
    .where('item.deleted', '=', 0)
    .where('item.catalog_no', 'is not', null)
    .orderBy('item.id')
    .offset(offset)
    .limit(n)
    .execute();
}
const yuan = (fen: number | bigint) => (Number(fen) / 100).toFixed(2);
const priceOf = async (id: number) => Number((await db().selectFrom('item').select('price').where('id', '=', id).executeTakeFirstOrThrow()).price);
const rowsOf = async (userName: string, importId: number, q = '') =>
  (await req(userName, 'GET', `/supplier/v1/itemCache/plist?importId=${importId}&current=1&size=100${q}`)).body.data;
const cancelOpen = async (userName: string) => {
  const open = await db()
    .selectFrom('price_import')
    .select('id')
    .where('active_supplier', '=', await supplierOf(userName))
    .executeTakeFirst();
  if (open) await req(userName, 'POST', `/supplier/v1/item/excel/cancel/${open.id}`);
};

describe('价格导入模板与导出', () => {
  it('the template has the columns formatted as text, and the export holds the current prices in it', async () => {
    const tpl = await req('supplier1', 'GET', '/supplier/v1/item/excel/priceTemplate/download');
    expect(tpl.status).toBe(200);
    expect(tpl.raw.headers['content-type']).toContain('spreadsheetml');
    const ws = await readXlsx(tpl.raw.rawPayload);
    expect((ws.getRow(1).values as string[]).slice(1)).toEqual(TEMPLATE_HEAD);
    for (const col of [1, 6, 9, 10]) expect(ws.getColumn(col).numFmt).toBe('@');
    // an example 货号 with a leading zero stays text
    expect(ws.getRow(3).getCell(1).value).toBe('01234');

    const exp = await req('supplier1', 'GET', '/supplier/v1/item/excel/exportPrice');
    const sheetRows = (await readXlsx(exp.raw.rawPayload)).getSheetValues().slice(2) as Cell[][];
    const [first] = await items('supplier1', 1);
    const mine = sheetRows.find((r) => r[1] === first.catalog_no && r[3] === first.spec);
    expect(mine?.[6]).toBe(yuan(first.price));
    // 单位 and 分类 as the sheet writes them, so a copied row with a new 货号 proposes a new item
    expect(mine?.[9]).toBeTruthy();
    expect(String(mine?.[10])).toMatch(/^[^/]+\/[^/]+$/);
    // the caller's live items, and only those
    const live = await db()
      .selectFrom('item')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('supplier_id', '=', await supplierOf('supplier1'))
      .where('deleted', '=', 0)
      .where('catalog_no', 'is not', null)
      .executeTakeFirstOrThrow();
    expect(sheetRows.filter((r) => r?.[1]).length).toBe(Number(live.n));
  });

  it('the export uploaded again as it is changes nothing', async () => {
    await cancelOpen('supplier1');
    const exp = await req('supplier1', 'GET', '/supplier/v1/item/excel/exportPrice');
    const r = await send('supplier1', exp.raw.rawPayload);
    expect(r.body.code).toBe(200);
    // duplicates in the demo catalog (same brand, 货号, 规格) are the only possible errors
    expect(r.body.data.upRows + r.body.data.downRows).toBe(0);
    expect(r.body.data.sameRows).toBeGreaterThan(10);
    await req('supplier1', 'POST', `/supplier/v1/item/excel/cancel/${r.body.data.id}`);
  });
});

describe('上传、预览、确认', () => {
  it('checks every row: bad rows are listed with row, column and reason, and confirming is refused until fixed', async () => {
    await cancelOpen('supplier1');
    const [a, b, c] = await items('supplier1', 3);
    const r = await send(
      'supplier1',
      await sheet([
        [a.catalog_no, a.brand, a.spec, '', '', '12.3', '5', '现货'],
        [b.catalog_no, b.brand, b.spec, '', '', 'abc', '', ''],
        ['NO-SUCH-0001', a.brand, '1L', '', '', '10', '', ''],
        [a.catalog_no, a.brand, a.spec, '', '', '13', '', ''],
        [c.catalog_no, c.brand, c.spec, '', '', '9.999', '-1', '一周'],
        [],
      ]),
    );
    expect(r.body.code).toBe(200);
    expect(r.body.message).toBe('价格表有 4 行错误，请下载错误报告修改后重新上传');
    const imp = r.body.data;
    expect(imp).toMatchObject({ status: 'validated', totalRows: 5, errorRows: 4 });
    const errors = (await rowsOf('supplier1', imp.id, '&change=error')).records;
    expect(errors.map((x: { rowNo: number }) => x.rowNo)).toEqual([3, 4, 5, 6]);
    expect(errors[0].error).toMatch(/单价（元）：金额“abc”格式不正确/);
    expect(errors[1].error).toMatch(/未找到该品牌、货号与规格/);
    expect(errors[2].error).toBe('与第 2 行是同一商品，请只保留一行');
    expect(errors[3].error).toMatch(/最多保留两位小数/);
    expect(errors[3].error).toMatch(/库存：“-1”不是不小于 0 的整数/);
    expect(errors[3].error).toMatch(/货期：“一周”/);
    // the error copy: the rows as uploaded plus a reason column
    const copy = await req('supplier1', 'GET', `/supplier/v1/item/excel/errorFile/${imp.id}`);
    const ws = await readXlsx(copy.raw.rawPayload);
    expect(ws.getRow(1).getCell(11).value).toBe('错误原因');
    expect(ws.getRow(3).getCell(6).value).toBe('abc');
    expect(String(ws.getRow(3).getCell(11).value)).toMatch(/格式不正确/);
    expect(ws.getRow(2).getCell(11).value).toBeNull();

    const confirm = await req('supplier1', 'POST', `/supplier/v1/item/excel/confirm/${imp.id}`);
    expect(confirm.body.code).toBe(40000);
    expect(confirm.body.message).toBe('价格表有 4 行错误，请下载错误报告修改后重新上传');
    expect(await priceOf(a.id)).toBe(Number(a.price));

    // one import at a time: the open one must be confirmed or given up first
    const again = await send('supplier1', await sheet([[a.catalog_no, a.brand, a.spec, '', '', '12.3', '', '']]));
    expect(again.body.code).toBe(40009);
    expect(again.body.message).toBe('已有一份价格表正在导入或等待确认，请先确认或放弃它');
    expect((await req('supplier1', 'POST', `/supplier/v1/item/excel/cancel/${imp.id}`)).body.message).toBe('已放弃本次导入');
  });

  it('previews ups, downs and unchanged, applies them all at once on confirmation, and holds ±30% moves for review', async () => {
    await cancelOpen('supplier1');
    const [a, b, c, d] = await items('supplier1', 4, 10);
    const up = Math.round(Number(a.price) * 1.1);
    const down = Math.round(Number(b.price) * 0.9);
    const jump = Number(d.price) * 2;
    const r = await send(
      'supplier1',
      await sheet([
        [a.catalog_no, a.brand, a.spec, '', '', yuan(up), '77', '3-5天'],
        // Excel numbers and a brand written in another case still match; 12.3-style numbers are exact
        [b.catalog_no, b.brand.toUpperCase(), ` ${b.spec} `, '', '', Number(yuan(down)), 9, 0],
        [c.catalog_no, c.brand, c.spec, '', '', yuan(c.price), '', ''],
        [d.catalog_no, d.brand, d.spec, '', '', { formula: 'F2*1', result: Number(yuan(jump)) }, '', ''],
      ]),
    );
    expect(r.body.data).toMatchObject({ errorRows: 0, upRows: 2, downRows: 1, sameRows: 1, flaggedRows: 1 });
    const preview = await rowsOf('supplier1', r.body.data.id);
    expect(preview.records[0]).toMatchObject({ itemId: a.id, oldPrice: Number(a.price), newPrice: up, newStock: 77, newLead: 5, change: 'up', flagged: false });
    expect(preview.records[1]).toMatchObject({ itemId: b.id, newPrice: down, newStock: 9, newLead: 0, change: 'down' });
    expect(preview.records[3]).toMatchObject({ itemId: d.id, newPrice: jump, flagged: true });
    expect((await rowsOf('supplier1', r.body.data.id, '&flagged=true')).total).toBe(1);

    // the buyer's cart holds a at its old price
    await req('buyer1', 'POST', '/mall/v1/cart/add', { itemId: a.id, quantity: 1 });
    const ok = await req('supplier1', 'POST', `/supplier/v1/item/excel/confirm/${r.body.data.id}`);
    expect(ok.body.message).toBe('导入已生效');
    expect(await priceOf(a.id)).toBe(up);
    expect(await priceOf(b.id)).toBe(down);
    expect(await priceOf(d.id)).toBe(Number(d.price));
    const item = await db().selectFrom('item').select(['stock', 'lead_days']).where('id', '=', a.id).executeTakeFirstOrThrow();
    expect(item).toEqual({ stock: 77, lead_days: 5 });
    expect((await req('buyer1', 'GET', `/mall/v1/item/detail/${a.id}`)).body.data.price).toBe(up);
    const history = (await req('supplier1', 'GET', `/supplier/v1/item/priceHistory/${a.id}`)).body.data;
    expect(history[0]).toMatchObject({ oldPrice: Number(a.price), newPrice: up, source: '价格导入' });
    // twice is refused
    expect((await req('supplier1', 'POST', `/supplier/v1/item/excel/confirm/${r.body.data.id}`)).body.code).toBe(40009);

    // the large move waits for the platform and is applied on approval
    const review = (await req('admin', 'GET', '/supplier/v1/itemPre/review/page?status=pending&current=1&size=50')).body.data.records.find(
      (x: { itemId: number; kind: string }) => x.itemId === d.id && x.kind === 'price',
    );
    expect(review.changes).toBe(`价格导入：¥${yuan(d.price)} → ¥${yuan(jump)}（+100%）`);
    expect((await req('admin', 'POST', `/supplier/v1/assertItemById/${review.id}`, { pass: true })).body.code).toBe(200);
    expect(await priceOf(d.id)).toBe(jump);

    // the import record, and its rollback as a new record
    const records = (await req('supplier1', 'GET', '/supplier/v1/importItemRecord/list?current=1&size=10')).body.data.records;
    expect(records[0]).toMatchObject({ id: r.body.data.id, status: 'applied', canRollback: true, createdBy: '钱国栋' });
    const back = await req('supplier1', 'POST', `/supplier/v1/item/excel/rollback/${r.body.data.id}`);
    expect(back.body.message).toBe('已撤销本次导入，价格已恢复');
    expect(await priceOf(a.id)).toBe(Number(a.price));
    expect(await priceOf(b.id)).toBe(Number(b.price));
    expect(await priceOf(d.id)).toBe(Number(d.price));
    expect((await db().selectFrom('item').select('stock').where('id', '=', a.id).executeTakeFirstOrThrow()).stock).toBe(a.stock);
    const after = (await req('supplier1', 'GET', '/supplier/v1/importItemRecord/list?current=1&size=10')).body.data.records;
    expect(after[0]).toMatchObject({ id: back.body.data.id, status: 'rollback', rollbackOf: r.body.data.id, upRows: 1, downRows: 2 });
    expect(after[1]).toMatchObject({ status: 'rolledBack', canRollback: false });
    expect((await req('supplier1', 'GET', `/supplier/v1/item/priceHistory/${a.id}`)).body.data[0].source).toBe('撤销导入');
    expect((await req('supplier1', 'POST', `/supplier/v1/item/excel/rollback/${r.body.data.id}`)).body.code).toBe(40009);
  });

  it('refuses a rollback that would overwrite a later change, and a confirmation after the item changed', async () => {
    await cancelOpen('supplier1');
    const [a] = await items('supplier1', 1, 20);
    const first = await send('supplier1', await sheet([[a.catalog_no, a.brand, a.spec, '', '', yuan(Number(a.price) + 100), '', '']]));
    // the item changes between preview and confirmation: nothing is applied
    const v = await db().selectFrom('item').select('version').where('id', '=', a.id).executeTakeFirstOrThrow();
    await req('supplier1', 'POST', '/supplier/v1/item/priceStock', { id: a.id, price: Number(a.price) + 1, stock: a.stock, version: v.version });
    const late = await req('supplier1', 'POST', `/supplier/v1/item/excel/confirm/${first.body.data.id}`);
    expect(late.body.code).toBe(40009);
    expect(late.body.message).toBe(`货号 ${a.catalog_no} 的价格在预览后已被修改或商品已删除，本次导入未生效，请重新上传`);
    expect(await priceOf(a.id)).toBe(Number(a.price) + 1);
    const still = (await req('supplier1', 'GET', `/supplier/v1/item/excel/import/${first.body.data.id}`)).body.data;
    expect(still.status).toBe('validated');
    await req('supplier1', 'POST', `/supplier/v1/item/excel/cancel/${first.body.data.id}`);

    const second = await send('supplier1', await sheet([[a.catalog_no, a.brand, a.spec, '', '', yuan(Number(a.price) + 200), '', '']]));
    await req('supplier1', 'POST', `/supplier/v1/item/excel/confirm/${second.body.data.id}`);
    const v2 = await db().selectFrom('item').select('version').where('id', '=', a.id).executeTakeFirstOrThrow();
    await req('supplier1', 'POST', '/supplier/v1/item/priceStock', { id: a.id, price: Number(a.price) + 300, stock: a.stock, version: v2.version });
    const refused = await req('supplier1', 'POST', `/supplier/v1/item/excel/rollback/${second.body.data.id}`);
    expect(refused.body.code).toBe(40009);
    expect(refused.body.message).toBe(`以下货号在导入后又被修改或删除，不能整体撤销：${a.catalog_no}`);
    expect(await priceOf(a.id)).toBe(Number(a.price) + 300);
  });

  it('an import not confirmed within the hour expires and frees the supplier for the next one', async () => {
    await cancelOpen('supplier1');
    const [a] = await items('supplier1', 1, 30);
    const r = await send('supplier1', await sheet([[a.catalog_no, a.brand, a.spec, '', '', yuan(Number(a.price) + 500), '', '']]));
    await db()
      .updateTable('price_import')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', r.body.data.id)
      .execute();
    const late = await req('supplier1', 'POST', `/supplier/v1/item/excel/confirm/${r.body.data.id}`);
    expect(late.body.message).toBe('预览已超过 60 分钟，请重新上传价格表');
    expect(await priceOf(a.id)).toBe(Number(a.price));
    const next = await send('supplier1', await sheet([[a.catalog_no, a.brand, a.spec, '', '', yuan(a.price), '', '']]));
    expect(next.body.code).toBe(200);
    await req('supplier1', 'POST', `/supplier/v1/item/excel/cancel/${next.body.data.id}`);
  });
});

describe('新增商品（价格表中未匹配的行）', () => {
  const newSheet = (rows: Cell[][]) => sheet(rows, TEMPLATE_HEAD);
  const proposal = (id: number) => db().selectFrom('item_pre').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('checks the new-item cells: CAS check digit, unit, a leaf category the platform has, brand and 货号 not sold yet', async () => {
    await cancelOpen('supplier1');
    const [a] = await items('supplier1', 1, 60);
    const r = await send(
      'supplier1',
      await newSheet([
        ['NEW-E1', a.brand, '25g', '', '', '10', '', '', '', ''],
        ['NEW-E2', a.brand, '25g', '硫酸铜', '7758-98-8', '10', '', '', '瓶', '化学试剂/无机试剂'],
        ['NEW-E3', a.brand, '25g', '硫酸铜', '', '10', '', '', '', '不存在的分类'],
        ['NEW-E4', a.brand, '25g', '硫酸铜', '', '10', '', '', '瓶', '化学试剂'],
        ['NEW-E5', '没有这个品牌', '25g', '硫酸铜', '', '10', '', '', '瓶', '无机试剂'],
        [a.catalog_no, a.brand, `${a.spec}-另一规格`, '硫酸铜', '', '10', '', '', '瓶', '无机试剂'],
        ['NEW-E7', a.brand, '25g', '硫酸铜', '', '0', '', '', '瓶', '无机试剂'],
      ]),
    );
    expect(r.body.data).toMatchObject({ totalRows: 7, errorRows: 7, newRows: 0 });
    const errors = (await rowsOf('supplier1', r.body.data.id, '&change=error')).records.map((x: { error: string }) => x.error);
    expect(errors[0]).toBe('未找到该品牌、货号与规格的商品；如要新增商品，请填写商品名称、单位与分类（CAS号选填），确认导入后提交平台审核');
    expect(errors[1]).toBe('CAS号“7758-98-8”校验位不正确，请核对');
    expect(errors[2]).toMatch(/^新增商品请填写单位；分类：“不存在的分类”不是平台的商品分类/);
    expect(errors[3]).toBe('分类：“化学试剂”不是最末一级分类，请选它下面的分类');
    expect(errors[4]).toBe('品牌“没有这个品牌”不在平台品牌库中，新增商品请先联系平台添加该品牌');
    expect(errors[5]).toMatch(/^已有该品牌与货号的商品（规格 .+），请核对规格；同一货号不能再新增一个规格$/);
    expect(errors[5]).toContain(a.spec);
    expect(errors[6]).toBe('单价（元）：必须大于 0');
    // the error copy gives the new-item cells back as typed
    const ws = await readXlsx((await req('supplier1', 'GET', `/supplier/v1/item/excel/errorFile/${r.body.data.id}`)).raw.rawPayload);
    expect([3, 4, 5, 9, 10].map((c) => ws.getRow(3).getCell(c).value)).toEqual(['25g', '硫酸铜', '7758-98-8', '瓶', '化学试剂/无机试剂']);
    await req('supplier1', 'POST', `/supplier/v1/item/excel/cancel/${r.body.data.id}`);
  });

  it('previews new rows as 新增, confirms them into proposals for review with the price changes, and a rollback withdraws those still waiting', async () => {
    await cancelOpen('supplier1');
    const [a] = await items('supplier1', 1, 70);
    const up = Number(a.price) + 100;
    const r = await send(
      'supplier1',
      await newSheet([
        [a.catalog_no, a.brand, a.spec, '', '', yuan(up), '', '', '', ''],
        ['NEW-0001', a.brand, '100g', '硫酸铜', '7758-98-7', '45', '20', '3-5天', '瓶', '化学试剂/无机试剂'],
        ['NEW-0002', a.brand, '500g', '氯化钾', '', '38.5', '', '现货', '瓶', '无机试剂'],
      ]),
    );
    expect(r.body.message).toBe('校验通过，请核对预览后确认导入');
    expect(r.body.data).toMatchObject({ errorRows: 0, upRows: 1, newRows: 2 });
    const news = (await rowsOf('supplier1', r.body.data.id, '&change=new')).records;
    expect(news[0]).toMatchObject({
      itemId: null,
      itemName: '硫酸铜',
      oldPrice: null,
      newPrice: 4500,
      newStock: 20,
      newLead: 5,
      change: 'new',
      newItem: { cas: '7758-98-7', unit: '瓶', category: '化学试剂/无机试剂', proposalId: null, proposalStatus: null },
    });
    expect(news[1]).toMatchObject({ newPrice: 3850, newStock: 0, newLead: 0, newItem: { cas: null, category: '无机试剂' } });

    const ok = await req('supplier1', 'POST', `/supplier/v1/item/excel/confirm/${r.body.data.id}`);
    expect(ok.body.message).toBe('导入已生效，2 个新增商品已提交平台审核');
    expect(await priceOf(a.id)).toBe(up);
    const confirmed = (await rowsOf('supplier1', r.body.data.id, '&change=new')).records;
    expect(confirmed.map((x: { newItem: { proposalStatus: number } }) => x.newItem.proposalStatus)).toEqual([0, 0]);
    const pre = await proposal(confirmed[0].newItem.proposalId);
    expect(pre).toMatchObject({ supplier_id: await supplierOf('supplier1'), item_id: null, status: 0 });
    expect(JSON.parse(pre.payload)).toMatchObject({
      name: '硫酸铜',
      cas: '7758-98-7',
      catalogNo: 'NEW-0001',
      spec: '100g',
      unit: '瓶',
      price: 4500,
      stock: 20,
      leadDays: 5,
    });
    // the platform sees them in 商品审核 as new items
    const queue = (await req('admin', 'GET', '/supplier/v1/itemPre/review/page?status=pending&current=1&size=50&keyword=NEW-000')).body.data.records;
    expect(queue.map((x: { kind: string; catalogNo: string }) => [x.kind, x.catalogNo]).sort()).toEqual([
      ['new', 'NEW-0001'],
      ['new', 'NEW-0002'],
    ]);
    // a sheet proposing the same item again while it waits is told so
    const again = await send('supplier1', await newSheet([['NEW-0001', a.brand, '100g', '硫酸铜', '', '45', '', '', '瓶', '无机试剂']]));
    expect((await rowsOf('supplier1', again.body.data.id)).records[0].error).toBe('相同品牌与货号的商品已在审核中');
    await req('supplier1', 'POST', `/supplier/v1/item/excel/cancel/${again.body.data.id}`);

    // the platform approves one; the rollback withdraws the other and says so
    expect((await req('admin', 'POST', `/supplier/v1/assertItemById/${confirmed[0].newItem.proposalId}`, { pass: true })).body.code).toBe(200);
    const made = await db().selectFrom('item').select(['id', 'lead_days', 'unit']).where('catalog_no', '=', 'NEW-0001').executeTakeFirstOrThrow();
    expect(made).toMatchObject({ lead_days: 5, unit: '瓶' });
    const back = await req('supplier1', 'POST', `/supplier/v1/item/excel/rollback/${r.body.data.id}`);
    expect(back.body.message).toBe('已撤销本次导入，价格已恢复；1 个审核中的新增商品申请已撤回；1 个新增商品已审核通过，未撤回，如不再销售请在商品管理中下架');
    expect(back.body.data).toMatchObject({ proposalsWithdrawn: 1, proposalsApproved: 1 });
    expect(await priceOf(a.id)).toBe(Number(a.price));
    expect(await proposal(confirmed[1].newItem.proposalId)).toMatchObject({ status: 2, refuse_reason: '供应商已撤销本次价格导入' });
    expect((await db().selectFrom('item').select('deleted').where('id', '=', made.id).executeTakeFirstOrThrow()).deleted).toBe(0);
  });

  it('a confirmation after the same brand and 货号 was proposed meanwhile changes nothing', async () => {
    await cancelOpen('supplier1');
    const [a] = await items('supplier1', 1, 80);
    const r = await send(
      'supplier1',
      await newSheet([
        [a.catalog_no, a.brand, a.spec, '', '', yuan(Number(a.price) + 7), '', '', '', ''],
        ['NEW-0100', a.brand, '1kg', '碳酸钠', '497-19-8', '30', '', '', '瓶', '无机试剂'],
      ]),
    );
    expect(r.body.data.newRows).toBe(1);
    const brand = await db().selectFrom('item').select('brand_id').where('id', '=', a.id).executeTakeFirstOrThrow();
    const leaf = await db().selectFrom('category').select('id').where('name', '=', '无机试剂').executeTakeFirstOrThrow();
    const manual = await req('supplier1', 'POST', '/supplier/v1/itemPre/add', {
      name: '碳酸钠',
      brandId: brand.brand_id,
      catalogNo: 'NEW-0100',
      spec: '1kg',
      unit: '瓶',
      categoryId: leaf.id,
      price: 3000,
      stock: 0,
    });
    expect(manual.body.code).toBe(200);
    const late = await req('supplier1', 'POST', `/supplier/v1/item/excel/confirm/${r.body.data.id}`);
    expect(late.body.code).toBe(40009);
    expect(late.body.message).toBe('货号 NEW-0100 在预览后已有商品或新增申请，本次导入未生效，请重新上传');
    expect(await priceOf(a.id)).toBe(Number(a.price));
    const pending = await db().selectFrom('item_pre').select('id').where('payload', 'like', '%NEW-0100%').execute();
    expect(pending).toHaveLength(1);
    await req('supplier1', 'POST', `/supplier/v1/item/excel/cancel/${r.body.data.id}`);
  });
});

describe('Excel 的边界情况', () => {
  it('keeps leading zeros and 20-digit 货号 as text', async () => {
    await cancelOpen('supplier1');
    const [a, b] = await items('supplier1', 2, 40);
    await db().updateTable('item').set({ catalog_no: '000123' }).where('id', '=', a.id).execute();
    await db().updateTable('item').set({ catalog_no: '12345678901234567890' }).where('id', '=', b.id).execute();
    const r = await send(
      'supplier1',
      await sheet([
        ['000123', a.brand, a.spec, '', '', '12.30', '', ''],
        ['12345678901234567890', b.brand, b.spec, '', '', '1,234.50', '', ''],
      ]),
    );
    expect(r.body.data.errorRows).toBe(0);
    const rows = (await rowsOf('supplier1', r.body.data.id)).records;
    expect(rows.map((x: { itemId: number; newPrice: number }) => [x.itemId, x.newPrice])).toEqual([
      [a.id, 1230],
      [b.id, 123450],
    ]);
    await req('supplier1', 'POST', `/supplier/v1/item/excel/cancel/${r.body.data.id}`);
  });

  it('refuses files that are not Excel, too large, or without the columns, with nothing kept', async () => {
    await cancelOpen('supplier1');
    const before = await db()
      .selectFrom('price_import')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const csv = await send('supplier1', Buffer.from('货号,品牌,规格,单价\n1,国药,500mL,10\n'), 'prices.csv');
    expect(csv.body.message).toBe('文件不是有效的 Excel 工作簿（.xlsx）；旧版 .xls 或 CSV 文件请先在 Excel 中另存为 .xlsx');
    const big = await send('supplier1', Buffer.alloc(10 * 1024 * 1024 + 10, 1), 'big.xlsx');
    expect(big.body.message).toBe('文件超过 10 MB，请拆分后分批导入');
    const noCols = await send('supplier1', await sheet([['x', 'y']], ['名称', '备注']));
    expect(noCols.body.message).toMatch(/^缺少必填列：货号、品牌、规格、单价（元）/);
    const empty = await send('supplier1', await sheet([]));
    expect(empty.body.message).toBe('表格中没有数据行');
    const after = await db()
      .selectFrom('price_import')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});

describe('范围与并发', () => {
  it('another supplier, a buyer and the platform cannot see or act on a supplier’s import', async () => {
    await cancelOpen('supplier1');
    const [a] = await items('supplier1', 1, 50);
    const r = await send('supplier1', await sheet([[a.catalog_no, a.brand, a.spec, '', '', yuan(Number(a.price) + 1), '', '']]));
    const id = r.body.data.id;
    for (const url of [`/supplier/v1/item/excel/import/${id}`, `/supplier/v1/itemCache/plist?importId=${id}`, `/supplier/v1/item/excel/errorFile/${id}`]) {
      const x = await req('supplier2', 'GET', url);
      expect(x.body.code).toBe(404);
    }
    expect((await req('supplier2', 'POST', `/supplier/v1/item/excel/confirm/${id}`)).body.code).toBe(404);
    expect((await req('supplier2', 'POST', `/supplier/v1/item/excel/rollback/${id}`)).body.code).toBe(404);
    const theirs = (await req('supplier2', 'GET', '/supplier/v1/importItemRecord/list?current=1&size=50')).body.data.records;
    expect(theirs.some((x: { id: number }) => x.id === id)).toBe(false);
    for (const user of ['buyer1', 'admin']) {
      const x = await req(user, 'POST', `/supplier/v1/item/excel/confirm/${id}`);
      expect(x.body.code).not.toBe(200);
    }
    expect(await priceOf(a.id)).toBe(Number(a.price));
    await req('supplier1', 'POST', `/supplier/v1/item/excel/cancel/${id}`);
  });

  it('two uploads at the same moment: one runs, the other is told to wait', async () => {
    await cancelOpen('supplier2');
    const [a] = await items('supplier2', 1);
    const file = await sheet([[a.catalog_no, a.brand, a.spec, '', '', yuan(a.price), '', '']]);
    const session = await as('supplier2');
    const results = await Promise.all([0, 1, 2].map(() => upload(t.app, '/supplier/v1/item/excel/uploadPrice', [{ name: 'p.xlsx', data: file }], session)));
    const codes = results.map((x) => x.body.code).sort();
    expect(codes).toEqual([200, 40009, 40009]);
    const open = await db()
      .selectFrom('price_import')
      .select('id')
      .where('supplier_id', '=', await supplierOf('supplier2'))
      .where('status', 'in', ['validating', 'validated'])
      .execute();
    expect(open).toHaveLength(1);
  });
});
