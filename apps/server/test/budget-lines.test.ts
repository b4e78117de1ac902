import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawSubOrders } from '../src/modules/ledgers/budget/index.ts';
import { budgetFixtures } from './support/budget-fixtures.ts';
import { createTestApp, type TestApp } from './support/harness.ts';
import { addBeijingAddress, makeItem } from './support/mall-fixtures.ts';
import { demoSessions } from './support/sessions.ts';

/**
 * Spending per budget line (预算科目) on both engines: each sub-order of a card with lines names a
 * line of that card (preselected by its goods' category, or the buyer's choice; a foreign line is
 * refused); the line's own frozen and drawn move with the card's in the same transaction and
 * return to 0 frozen when orders end; the line draws add up to the card's to the fen; a final
 * approval overdrawing a line of a 超支禁止 card is refused with the line named, unless overridden;
 * concurrent final approvals never overdraw a line.
 */
let t: TestApp;
const { req } = demoSessions(() => t);
const db = () => t.ctx.database.db;
let addressId: number;
/** a leaf category under the top-level 技术服务 (mapped to 测试化验加工费) */
let serviceCategory: number;

beforeAll(async () => {
  t = await createTestApp();
  addressId = await addBeijingAddress(req);
  const now = new Date().toISOString();
  const top = await db()
    .insertInto('category')
    .values({ parent_id: null, name: '技术服务', path: '', level: 1, sort: 99, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  serviceCategory = (
    await db()
      .insertInto('category')
      .values({ parent_id: top.id, name: '元素分析', path: '', level: 2, sort: 1, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(() => t.close());

const { newCard, cardRow, lineRows, expectLedgerMatches, place, pass, fulfil, key } = budgetFixtures(
  () => t,
  req,
  () => addressId,
);
const LINES = [
  { name: '材料费', amount: 600_000 },
  { name: '测试化验加工费', amount: 300_000 },
];
const subLine = async (subId: number) =>
  (await db().selectFrom('sub_order').select('budget_line_id').where('id', '=', subId).executeTakeFirstOrThrow()).budget_line_id;
const lineId = async (cardId: number, name: string) => (await lineRows(cardId)).find((l) => l.name === name)?.id as number;
const serviceItem = (price: number) => makeItem(db(), { supplier: '国药', name: '元素分析（CHNS）', price, stock: 100, categoryId: serviceCategory });

describe('the line an order charges', () => {
  it('is preselected by the goods’ category, may be changed by the buyer, and must be one of the card’s', async () => {
    const cardId = await newCard(1_000_000, 'stop', LINES);
    const other = await newCard(1_000_000, 'stop', [{ name: '材料费', amount: 100_000 }]);
    const plain = await newCard(1_000_000);
    const material = await lineId(cardId, '材料费');
    const testing = await lineId(cardId, '测试化验加工费');

    // confirmation says which line each sub-order's goods charge by default
    const svc = await serviceItem(8_000);
    const confirm = await req('buyer1', 'POST', '/mall/v1/order/detailConfirm', { itemId: svc.id, quantity: 1, addressId });
    expect(confirm.body.data.groups[0].budgetLine).toBe('测试化验加工费');

    // reagents (no category of their own) charge 材料费, technical services 测试化验加工费
    const reagent = await place(cardId, 1_000);
    expect(await subLine(reagent.subOrders[0].id)).toBe(material);
    const service = await place(cardId, 8_000, { itemId: svc.id });
    expect(await subLine(service.subOrders[0].id)).toBe(testing);
    // the buyer's choice wins
    const chosen = await place(cardId, 8_000, { itemId: (await serviceItem(8_000)).id, budgetLines: { [String(svc.supplierId)]: material } });
    expect(await subLine(chosen.subOrders[0].id)).toBe(material);

    // another card's line, or a line on a card without lines: refused, nothing placed
    const foreign = await lineId(other, '材料费');
    const it = await makeItem(db(), { supplier: '国药', name: '乙腈 色谱纯', price: 1_000, stock: 10 });
    for (const card of [cardId, plain]) {
      const res = await req('buyer1', 'POST', '/mall/v1/order/create', {
        direct: { itemId: it.id, quantity: 1 },
        addressId,
        idempotencyKey: key(),
        grantCardId: card,
        budgetLines: { [String(it.supplierId)]: foreign },
      });
      expect(res.body).toMatchObject({ code: 40000, message: expect.stringMatching(/^预算科目不属于经费卡 L[0-9a-f]+$/) });
    }
    // a card without lines works as before
    const none = await place(plain, 1_000);
    expect(await subLine(none.subOrders[0].id)).toBeNull();
    // several lines, none the goods map to, nothing chosen: the buyer is asked to choose
    const odd = await newCard(1_000_000, 'stop', [
      { name: '设备费', amount: 100_000 },
      { name: '差旅费', amount: 100_000 },
    ]);
    const ask = await req('buyer1', 'POST', '/mall/v1/order/create', {
      direct: { itemId: it.id, quantity: 1 },
      addressId,
      idempotencyKey: key(),
      grantCardId: odd,
    });
    expect(ask.body).toMatchObject({ code: 40000, message: expect.stringContaining('选择经费卡') });

    // the buyer's usable cards carry their lines
    const usable = (await req('buyer1', 'GET', '/mall/v1/grantCard/usable')).body.data as { id: number; lines: { name: string }[] }[];
    expect(usable.find((c) => c.id === cardId)?.lines.map((l) => l.name)).toEqual(['材料费', '测试化验加工费']);

    // a line some order names may not be dropped; a kept line keeps its id
    const detail = (await req('finance1', 'GET', `/mall/v1/grantCard/detail/${cardId}`)).body.data;
    const body = {
      cardNo: detail.cardNo,
      title: detail.title,
      piId: detail.piId,
      validFrom: detail.validFrom,
      validTo: detail.validTo,
      total: detail.total,
      policy: 'stop',
      memberIds: detail.members.map((m: { userId: number }) => m.userId),
    };
    const dropped = await req('finance1', 'POST', '/mall/v1/grantCard/update', { id: cardId, card: { ...body, lines: [LINES[0]] } });
    expect(dropped.body).toMatchObject({ code: 40000, message: '预算科目「测试化验加工费」已有订单使用，不能删除' });
    const grown = await req('finance1', 'POST', '/mall/v1/grantCard/update', {
      id: cardId,
      card: { ...body, lines: [LINES[0], { name: '测试化验加工费', amount: 350_000 }] },
    });
    expect(grown.body.code).toBe(200);
    expect(await lineId(cardId, '测试化验加工费')).toBe(testing);
  });
});

describe('line balances', () => {
  it('freeze per line, go back to 0 frozen at completion and cancellation, and draw to the fen of the card', async () => {
    const cardId = await newCard(
      10_000_000,
      'stop',
      LINES.map((l) => ({ ...l, amount: l.amount * 10 })),
    );
    const material = await lineId(cardId, '材料费');
    const testing = await lineId(cardId, '测试化验加工费');
    const a = await place(cardId, 12_345);
    const b = await place(cardId, 23_456, { itemId: (await serviceItem(23_456)).id });
    const c = await place(cardId, 34_567);
    for (const o of [a, b, c]) expect((await pass('leader1', o.orderId)).body.code).toBe(200);
    const byName = async () => Object.fromEntries((await lineRows(cardId)).map((l) => [l.name, { frozen: l.frozen, drawn: l.drawn }]));
    expect(await byName()).toEqual({
      材料费: { frozen: a.totalAmount + c.totalAmount, drawn: 0 },
      测试化验加工费: { frozen: b.totalAmount, drawn: 0 },
    });
    await expectLedgerMatches(cardId);

    // the approver sees the line's figures
    const detail = (await req('leader1', 'GET', `/mall/v1/order-detail/${b.orderId}`)).body.data;
    expect(detail.budget.lines).toEqual([
      { lineId: testing, name: '测试化验加工费', orderAmount: b.totalAmount, available: 3_000_000 - b.totalAmount, shortfall: 0 },
    ]);

    // stopping c releases its line
    expect((await req('admin', 'POST', '/mall/v1/order-supplier/admin/stopOrder', { id: c.orderId, reason: '重复下单' })).body.code).toBe(200);
    expect((await byName()).材料费.frozen).toBe(a.totalAmount);

    // a and b complete and draw; a draws less than it froze (an adjust first, on its line too)
    for (const o of [a, b]) await fulfil(o.subOrders[0].id);
    const amounts = new Map([[a.subOrders[0].id, a.totalAmount - 345]]);
    const drew = await db()
      .transaction()
      .execute((trx) => drawSubOrders(trx, [a.subOrders[0].id, b.subOrders[0].id], { ref: 'statement:lines', amounts }));
    expect(drew).toBe(2);
    expect(await byName()).toEqual({
      材料费: { frozen: 0, drawn: a.totalAmount - 345 },
      测试化验加工费: { frozen: 0, drawn: b.totalAmount },
    });
    const card = await cardRow(cardId);
    expect(card.frozen).toBe(0);
    expect((await lineRows(cardId)).reduce((s, l) => s + l.drawn, 0)).toBe(card.drawn);
    await expectLedgerMatches(cardId);
    // every entry of these orders names its sub-order's line; every order is back to 0 frozen
    for (const [o, line] of [
      [a, material],
      [b, testing],
      [c, material],
    ] as const) {
      const entries = await db().selectFrom('budget_entry').select(['kind', 'amount', 'line_id']).where('order_id', '=', o.orderId).execute();
      expect(entries.filter((e) => e.kind !== 'check').every((e) => e.line_id === line)).toBe(true);
      // open freeze = Σ freeze/adjust/release − Σ draw
      expect(entries.reduce((s, e) => s + (e.kind === 'draw' ? -1 : 1) * Number(e.amount), 0)).toBe(0);
    }

    // the ledger and its Excel export show each entry's line; the cards page each line's figures
    const page = (await req('leader1', 'GET', `/mall/v1/grantCard/ledger?cardId=${cardId}&size=50`)).body.data.records as { kind: string; lineName: string }[];
    expect(page.filter((e) => e.kind === 'draw').map((e) => e.lineName)).toEqual(expect.arrayContaining(['材料费', '测试化验加工费']));
    const xlsx = await req('finance1', 'GET', `/mall/v1/grantCard/ledger/export?cardId=${cardId}`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.raw.rawPayload as unknown as ArrayBuffer);
    const rows: string[][] = [];
    wb.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
    const col = rows[0].indexOf('预算科目');
    expect(col).toBeGreaterThan(0);
    expect(rows.slice(1).map((r) => r[col])).toEqual(expect.arrayContaining(['材料费', '测试化验加工费']));
    const lines = (await req('finance1', 'GET', `/mall/v1/grantCard/detail/${cardId}`)).body.data.lines;
    expect(lines).toEqual([
      { id: material, name: '材料费', amount: 6_000_000, frozen: 0, drawn: a.totalAmount - 345, available: 6_000_000 - a.totalAmount + 345 },
      { id: testing, name: '测试化验加工费', amount: 3_000_000, frozen: 0, drawn: b.totalAmount, available: 3_000_000 - b.totalAmount },
    ]);
  });

  it('a year-end carry moves the freeze to the new card’s line of the same name', async () => {
    const old = await newCard(1_000_000, 'stop', LINES);
    const next = await newCard(1_000_000, 'stop', LINES);
    const o = await place(old, 10_000);
    expect((await pass('leader1', o.orderId)).body.code).toBe(200);
    expect((await req('finance1', 'POST', '/mall/v1/grantCard/carryForward', { fromId: old, toId: next })).body.code).toBe(200);
    expect((await lineRows(old)).map((l) => l.frozen)).toEqual([0, 0]);
    expect((await lineRows(next)).map((l) => l.frozen)).toEqual([o.totalAmount, 0]);
    expect(await subLine(o.subOrders[0].id)).toBe(await lineId(next, '材料费'));
    expect((await req('admin', 'POST', '/mall/v1/order-supplier/admin/stopOrder', { id: o.orderId, reason: '课题结题' })).body.code).toBe(200);
    expect((await lineRows(next)).map((l) => l.frozen)).toEqual([0, 0]);
    await expectLedgerMatches(old);
    await expectLedgerMatches(next);
  });
});

describe('a line of a 超支禁止 card', () => {
  it('refuses a final approval that would overdraw it, with the line and the shortfall; the institute may override with a reason', async () => {
    // the card has room, its 材料费 line ¥1,000 only; ¥6,000 goes through the team and then the institute
    const cardId = await newCard(10_000_000, 'stop', [
      { name: '材料费', amount: 100_000 },
      { name: '测试化验加工费', amount: 100_000 },
    ]);
    const o = await place(cardId, 600_000);
    const short = o.totalAmount - 100_000;
    const detail = (await req('leader1', 'GET', `/mall/v1/order-detail/${o.orderId}`)).body.data;
    expect(detail.budget).toMatchObject({ shortfall: 0, lines: [{ name: '材料费', orderAmount: o.totalAmount, available: 100_000, shortfall: short }] });
    expect((await pass('leader1', o.orderId)).body.code).toBe(200);
    const refused = await req('owner1', 'POST', '/mall/v1/order-caas/institute/pass', { ids: [o.orderId] });
    expect(refused.body).toMatchObject({ code: 40300 });
    expect(refused.body.message).toMatch(
      new RegExp(`^经费卡 L[0-9a-f]+ 预算科目「材料费」可用余额不足，差 ¥${(short / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}$`),
    );
    expect(await cardRow(cardId)).toMatchObject({ frozen: 0 });

    const over = await req('owner1', 'POST', '/mall/v1/order-caas/institute/pass', { ids: [o.orderId], overrideReason: '所务会批准调剂预算' });
    expect(over.body.code).toBe(200);
    const e = await db().selectFrom('budget_entry').selectAll().where('order_id', '=', o.orderId).where('kind', '=', 'freeze').executeTakeFirstOrThrow();
    expect(e.reason).toContain('所务会批准调剂预算');
    expect(e.reason).toContain('预算科目「材料费」');
    expect((await lineRows(cardId))[0]).toMatchObject({ name: '材料费', frozen: o.totalAmount });
    await expectLedgerMatches(cardId);

    // a 超支提醒 card passes a short line with the warning recorded
    const warn = await newCard(10_000_000, 'warn', [{ name: '材料费', amount: 100 }]);
    const w = await place(warn, 1_000);
    const res = await pass('leader1', w.orderId);
    expect(res.body.code).toBe(200);
    expect(res.body.data[0].message).toContain('预算科目「材料费」');
    await expectLedgerMatches(warn);
  });

  it('20 concurrent final approvals with room on the line for 5: exactly 5 pass, 0 overspend on the line', async () => {
    const cardId = await newCard(100_000_000, 'stop', [{ name: '材料费', amount: 1 }]);
    const orders = [];
    for (let i = 0; i < 20; i++) orders.push(await place(cardId, 10_000));
    const each = orders[0].totalAmount;
    const material = await lineId(cardId, '材料费');
    await db()
      .updateTable('grant_card_line')
      .set({ amount: each * 5 })
      .where('id', '=', material)
      .execute();
    const results = await Promise.all(orders.map((o) => pass('leader1', o.orderId)));
    expect(results.filter((r) => r.body.code === 200)).toHaveLength(5);
    for (const r of results.filter((x) => x.body.code !== 200))
      expect(r.body).toMatchObject({ code: 40300, message: expect.stringContaining('预算科目「材料费」') });
    expect((await lineRows(cardId))[0]).toMatchObject({ frozen: each * 5, drawn: 0 });
    expect(await cardRow(cardId)).toMatchObject({ frozen: each * 5 });
    await expectLedgerMatches(cardId);
  });
});
