import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchOf } from '../src/modules/finance/invoices/index.ts';
import { freezeOrder } from '../src/modules/ledgers/budget/index.ts';
import { stockInSubOrder } from '../src/modules/ledgers/inventory/index.ts';
import { recordAcceptance } from '../src/modules/ledgers/statistics/index.ts';
import { createTestApp, type TestApp } from './support/harness.ts';
import { makeAcceptedSubOrder } from './support/invoice-fixtures.ts';
import { lookups } from './support/lookups.ts';
import { refunds } from './support/refunds.ts';
import { demoSessions } from './support/sessions.ts';
import { acceptedInMonth, midMonthDaysAgo, monthOf, settlementCalls, supplierIdOf } from './support/settlement-fixtures.ts';

/**
 * Issue 14 §5, money effects, on both engines:
 * - an after-sales return or refund-only finished by the supplier goes through the orders' one
 *   refund path in its transaction: the grant card's freeze shrinks (or its draw is reversed once
 *   paid), the spend facts get their negative entries, returned containers leave the lab's stock,
 *   invoices may bill only accepted − refunded, the supplier's statement carries a negative refund
 *   line, and the card later draws total − refunded; the same request never refunds twice;
 * - while a complaint on a sub-order is open its statement line is 投诉处理中: no payment reaches it
 *   (refused with the most that may be paid now), what suppliers are owed leaves it out, the
 *   sub-order detail shows it; resolving or rejecting the complaint lifts the hold. Foreign ids and
 *   wrong roles get nowhere.
 */
let t: TestApp;
const { req } = demoSessions(() => t);
const { userId } = lookups(() => t);
const db = () => t.ctx.database.db;
const st = settlementCalls(req);
const B = '/mall/v1/order-supplier/buyer';
const S = '/supplier/v1/afterSale';

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function newCard() {
  const res = await req('finance1', 'POST', '/mall/v1/grantCard/add', {
    cardNo: `AS${randomBytes(4).toString('hex')}`,
    title: '国家自然科学基金面上项目：售后退款',
    piId: await userId('leader1'),
    validFrom: '2020-01-01',
    validTo: '2099-12-31',
    total: 1_000_000,
    policy: 'stop',
    memberIds: [await userId('buyer1')],
  });
  expect(res.body.code).toBe(200);
  return res.body.data.id as number;
}

/**
 * A sub-order of 国药 (or 阿拉丁) for buyer1 on a fresh grant card, accepted `daysAgo` days back the way the
 * orders module does it: frozen at approval, stocked in and counted at acceptance. Lines: 5 × ¥120.00
 * and 2 × ¥35.50 (¥671.00).
 */
async function acceptedOnCard(daysAgo = 1, supplier: '国药' | '阿拉丁' = '国药', status = 'completed') {
  const cardId = await newCard();
  const sub = await makeAcceptedSubOrder(db(), {
    supplier,
    buyer: 'buyer1',
    team: '李明华课题组',
    lines: [
      { amount: 60_000, rate: '13' },
      { amount: 7_100, rate: '13' },
    ],
    daysAgo,
    status,
  });
  await db().updateTable('order_line').set({ unit_price: 12_000, quantity: 5, delivered_qty: 5 }).where('id', '=', sub.lineIds[0]).execute();
  await db().updateTable('order_line').set({ unit_price: 3_550, quantity: 2, delivered_qty: 2 }).where('id', '=', sub.lineIds[1]).execute();
  await db().updateTable('purchase_order').set({ grant_card_id: cardId }).where('id', '=', sub.orderId).execute();
  const actorId = await userId('checker1');
  await db()
    .transaction()
    .execute(async (trx) => {
      await freezeOrder(trx, { orderId: sub.orderId, cardId, actorId }, { reason: null, allowed: false });
      if (status !== 'completed') return;
      await stockInSubOrder(trx, { subOrderId: sub.subId, actorId });
      await recordAcceptance(trx, sub.subId);
    });
  return { ...sub, cardId };
}

const card = async (id: number) => {
  const c = await db().selectFrom('grant_card').select(['frozen', 'drawn']).where('id', '=', id).executeTakeFirstOrThrow();
  return { frozen: Number(c.frozen), drawn: Number(c.drawn) };
};
const entries = async (subId: number) =>
  (await db().selectFrom('budget_entry').select(['kind', 'amount']).where('sub_order_id', '=', subId).orderBy('id').execute()).map((e) => [
    e.kind,
    Number(e.amount),
  ]);
const spend = async (subId: number) => {
  const r = await db()
    .selectFrom('spend_fact')
    .select((eb) => [eb.fn.sum<number>('amount').as('a'), eb.fn.sum<number>('quantity').as('q')])
    .where('sub_order_id', '=', subId)
    .executeTakeFirstOrThrow();
  return { amount: Number(r.a), quantity: Number(r.q) };
};

/** A return of `qty` units of the sub-order's first line, through every step to 已退款. */
async function returned(sub: { subId: number; lineIds: number[] }, qty: number) {
  const type = 'return';
  const line = 0;
  const made = await req('buyer1', 'POST', `${B}/apply`, {
    subOrderId: sub.subId,
    type,
    reason: '瓶身破裂，试剂泄漏',
    lines: [{ lineId: sub.lineIds[line], quantity: qty }],
  });
  expect(made.body.code).toBe(200);
  const id = made.body.data.id as number;
  expect((await req('supplier1', 'POST', `${S}/agree`, { id })).body.code).toBe(200);
  if (type === 'return') {
    expect((await req('buyer1', 'POST', `${B}/returnGoods`, { id, expressCompany: '顺丰速运', trackingNo: 'SF1234567890' })).body.code).toBe(200);
    expect((await req('supplier1', 'POST', `${S}/receive`, { id })).body.code).toBe(200);
  }
  const done = await req('supplier1', 'POST', `${S}/finish`, { id });
  expect(done.body.data.status).toBe('refunded');
  return { id, requestNo: made.body.data.requestNo as string, amount: made.body.data.refundAmount as number };
}

describe('an after-sales refund reaches money and stock through the one refund path', () => {
  it('a return: the freeze shrinks, spend goes negative, the containers leave, invoices and the statement see it, the card draws the rest', async () => {
    const sub = await acceptedOnCard();
    expect(await card(sub.cardId)).toEqual({ frozen: 67_100, drawn: 0 });
    expect(await spend(sub.subId)).toEqual({ amount: 67_100, quantity: 7 });

    const r = await returned(sub, 2);
    expect(r.amount).toBe(24_000);
    // the grant card: an adjust entry gives the refund back to the card
    expect(await entries(sub.subId)).toEqual([
      ['freeze', 67_100],
      ['adjust', -24_000],
    ]);
    expect(await card(sub.cardId)).toEqual({ frozen: 43_100, drawn: 0 });
    // statistics: the line's negative entry, by amount and units
    expect(await spend(sub.subId)).toEqual({ amount: 43_100, quantity: 5 });
    // inventory: two of the line's five containers went back to the supplier, with their ledger rows
    const containers = await db().selectFrom('inventory_container').select(['state']).where('order_line_id', '=', sub.lineIds[0]).execute();
    expect(containers.filter((c) => c.state === 'returned')).toHaveLength(2);
    expect(containers.filter((c) => c.state === 'in_stock')).toHaveLength(3);
    const ledger = await db()
      .selectFrom('inventory_ledger as l')
      .innerJoin('inventory_container as c', 'c.id', 'l.container_id')
      .select(['l.kind', 'l.balance', 'l.ref'])
      .where('c.order_line_id', '=', sub.lineIds[0])
      .where('l.kind', '=', 'return')
      .execute();
    expect(ledger).toHaveLength(2);
    expect(ledger.every((l) => Number(l.balance) === 0 && l.ref === r.requestNo)).toBe(true);
    // invoices: what may be billed is accepted − refunded
    const m = (await matchOf(db(), [sub.subId])).get(sub.subId)!;
    expect(m.buckets[0]).toMatchObject({ accepted: 67_100, refunded: 24_000 });
    const line = await db().selectFrom('order_line').select(['refunded_qty', 'refunded_amount']).where('id', '=', sub.lineIds[0]).executeTakeFirstOrThrow();
    expect([line.refunded_qty, Number(line.refunded_amount)]).toEqual([2, 24_000]);

    // the same request cannot refund twice, even straight through the path
    const again = await db()
      .transaction()
      .execute((trx) =>
        refunds.part(trx, {
          subOrderId: sub.subId,
          source: 'after_sale',
          sourceId: r.id,
          ref: r.requestNo,
          lines: [{ lineId: sub.lineIds[0], quantity: 2, amount: 24_000 }],
          goodsBack: true,
          actorId: null,
          reason: 'retry',
        }),
      );
    expect(again).toBe(false);
    expect(await card(sub.cardId)).toEqual({ frozen: 43_100, drawn: 0 });
    expect(await spend(sub.subId)).toEqual({ amount: 43_100, quantity: 5 });

    // the statement: the sub-order's own line and a negative refund line naming the request
    const g = await st.generate('finance1', { supplierId: sub.supplierId, month: monthOf(1) });
    expect(g.body.code).toBe(200);
    const d = (await st.detail('finance1', g.body.data.id)).body;
    const mine = d.data.lines.records.filter((l: { subOrderId: number }) => l.subOrderId === sub.subId);
    expect(mine.map((l: { kind: string; amount: number; refundNo: string | null }) => [l.kind, l.amount, l.refundNo])).toEqual([
      ['accepted', 67_100, null],
      ['refund', -24_000, r.requestNo],
    ]);
    // paying the statement draws total − refunded: the card's freeze for it ends at 0
    const id = g.body.data.id as number;
    await st.move('finance1', 'send', id);
    await st.confirm('supplier1', id);
    await st.move('finance1', 'approve', id);
    const net = (await st.detail('finance1', id)).body.data.netAmount as number;
    expect((await st.pay('finance1', `AS-${randomBytes(4).toString('hex')}`, [{ statementId: id, amount: net }])).body.code).toBe(200);
    expect(await card(sub.cardId)).toEqual({ frozen: 0, drawn: 43_100 });
    expect((await st.detail('finance1', id)).body.data.status).toBe('paid');
  });

  it('a refund after payment reverses the draw and lands as a negative line on the next statement; wrong parties cannot finish it', async () => {
    const sub = await acceptedOnCard(midMonthDaysAgo(2), '阿拉丁');
    const g = await st.generate('finance1', { supplierId: sub.supplierId, month: monthOf(midMonthDaysAgo(2)) });
    expect(g.body.code).toBe(200);
    const id = g.body.data.id as number;
    await st.move('finance1', 'send', id);
    await st.confirm('supplier2', id);
    await st.move('finance1', 'approve', id);
    const net = (await st.detail('finance1', id)).body.data.netAmount as number;
    expect((await st.pay('finance1', `AS-${randomBytes(4).toString('hex')}`, [{ statementId: id, amount: net }])).body.code).toBe(200);
    expect(await card(sub.cardId)).toEqual({ frozen: 0, drawn: 67_100 });

    // a refund-only of one unit of the second line: another supplier and the buyer cannot finish it
    const made = await req('buyer1', 'POST', `${B}/apply`, {
      subOrderId: sub.subId,
      type: 'refund',
      reason: '少发一瓶',
      lines: [{ lineId: sub.lineIds[1], quantity: 1 }],
    });
    const rid = made.body.data.id as number;
    expect((await req('supplier2', 'POST', `${S}/agree`, { id: rid })).body.code).toBe(200);
    expect((await req('supplier1', 'POST', `${S}/finish`, { id: rid })).body.code).toBe(404);
    expect((await req('buyer1', 'POST', `${S}/finish`, { id: rid })).body.code).toBe(40300);
    expect(await card(sub.cardId)).toEqual({ frozen: 0, drawn: 67_100 });
    expect((await req('supplier2', 'POST', `${S}/finish`, { id: rid })).body.data.status).toBe('refunded');
    // the draw is taken back by the refund
    expect((await entries(sub.subId)).at(-1)).toEqual(['reverse', -3_550]);
    expect(await card(sub.cardId)).toEqual({ frozen: 0, drawn: 63_550 });

    // this month's statement: the refund, negative, and nothing else of this sub-order
    const next = await st.generate('finance1', { supplierId: sub.supplierId, month: monthOf(0) });
    expect(next.body.code).toBe(200);
    const d = (await st.detail('finance1', next.body.data.id)).body.data;
    const mine = d.lines.records.filter((l: { subOrderId: number }) => l.subOrderId === sub.subId);
    expect(mine.map((l: { kind: string; amount: number; payStatus: string }) => [l.kind, l.amount, l.payStatus])).toEqual([['refund', -3_550, 'unpaid']]);
    // the paid sub-order stays paid
    const order = (await req('buyer1', 'GET', `/mall/v1/order-detail/${sub.orderId}`)).body.data;
    expect(order.subOrders[0]).toMatchObject({ payStatus: 'paid', refundedAmount: 3_550 });
  });
});

describe('a return before acceptance', () => {
  it('shrinks the freeze now; the checker’s acceptance then stocks in and counts only what stayed', async () => {
    const sub = await acceptedOnCard(1, '国药', 'arrived');
    const r = await returned(sub, 1);
    expect(r.amount).toBe(12_000);
    expect(await entries(sub.subId)).toEqual([
      ['freeze', 67_100],
      ['adjust', -12_000],
    ]);
    // nothing was counted or stocked in yet, so nothing is taken back there
    expect(await spend(sub.subId)).toEqual({ amount: 0, quantity: 0 });
    expect((await req('checker1', 'POST', '/mall/v1/order-caas/checker/accept', { subOrderId: sub.subId })).body.code).toBe(200);
    const containers = await db().selectFrom('inventory_container').select('state').where('order_line_id', '=', sub.lineIds[0]).execute();
    expect(containers.map((c) => c.state)).toEqual(['in_stock', 'in_stock', 'in_stock', 'in_stock']);
    expect(await spend(sub.subId)).toEqual({ amount: 55_100, quantity: 6 });
    expect(await card(sub.cardId)).toEqual({ frozen: 55_100, drawn: 0 });
  });
});

describe('an open complaint holds the sub-order’s settlement and payment', () => {
  /** An approved statement of 麦克林 for ICCAS, `monthsBack` months ago, with three sub-orders. */
  async function approvedWithThree(monthsBack: number) {
    const made = await acceptedInMonth(db(), { supplier: '麦克林', monthsBack, amounts: [10_000, 25_000, 5_000] });
    const g = await st.generate('finance1', { supplierId: await supplierIdOf(db(), '麦克林'), month: made.month });
    expect(g.body.code).toBe(200);
    const id = g.body.data.id as number;
    await st.move('finance1', 'send', id);
    await st.confirm('supplier3', id);
    await st.move('finance1', 'approve', id);
    const d = (await st.detail('finance1', id)).body.data;
    return { id, no: d.statementNo as string, net: d.netAmount as number, subs: made.subs, lines: d.lines.records as { subOrderId: number; amount: number }[] };
  }
  const complain = (who: string, subOrderId: number) =>
    req(who, 'POST', '/mall/v1/complain/add', { subOrderId, category: 'quality', content: '到货的试剂纯度不达标' });
  const owed = async () => {
    const rows = (await req('finance1', 'GET', `/mall/v1/check/adminCheckSupplierMoney?supplierId=${await supplierIdOf(db(), '麦克林')}`)).body.data as {
      owedAmount: number;
      heldAmount: number;
    }[];
    return rows[0];
  };

  it('marks the line 投诉处理中, refuses a payment reaching it, leaves it out of what is owed, and lifts when the complaint is resolved', async () => {
    const a = await approvedWithThree(3);
    const held = a.subs[1].subId;
    const at = a.lines.findIndex((l) => l.subOrderId === held);
    const before = a.lines.slice(0, at).reduce((x, l) => x + l.amount, 0);
    const owedBefore = await owed();
    expect(owedBefore).toMatchObject({ owedAmount: a.net, heldAmount: 0 });

    // another institute's buyer cannot put someone else's sub-order on hold
    expect((await complain('buyer2', held)).body.code).toBe(404);
    expect((await st.detail('finance1', a.id)).body.data.lines.records.some((l: { onHold: boolean }) => l.onHold)).toBe(false);

    const c = await complain('buyer1', held);
    expect(c.body.code).toBe(200);
    const cid = c.body.data.id as number;
    const lines = (await st.detail('finance1', a.id)).body.data.lines.records as { subOrderId: number; onHold: boolean }[];
    expect(lines.filter((l) => l.onHold).map((l) => l.subOrderId)).toEqual([held]);
    // the supplier sees it too; the sub-order detail shows it
    expect((await st.detail('supplier3', a.id, 'supplier')).body.data.lines.records.find((l: { subOrderId: number }) => l.subOrderId === held).onHold).toBe(
      true,
    );
    const order = (await req('buyer1', 'GET', `/mall/v1/order-detail/${a.subs[1].orderId}`)).body.data;
    expect(order.subOrders[0].complaintHold).toBe(true);
    // what is owed leaves the held line out
    expect(await owed()).toMatchObject({ owedAmount: a.net - 25_000, heldAmount: 25_000 });

    // paying it all is refused, with the most that may be paid now
    const all = await st.pay('finance1', `HOLD-${randomBytes(4).toString('hex')}`, [{ statementId: a.id, amount: a.net }]);
    expect(all.body.code).toBe(40000);
    expect(all.body.message).toContain('投诉处理中');
    expect(all.body.message).toContain(a.subs[1].subNo);
    if (before > 0) {
      expect(all.body.message).toContain(`最多可付 ¥${(before / 100).toFixed(2)}`);
      expect((await st.pay('finance1', `HOLD-${randomBytes(4).toString('hex')}`, [{ statementId: a.id, amount: before + 1 }])).body.code).toBe(40000);
      expect((await st.pay('finance1', `HOLD-${randomBytes(4).toString('hex')}`, [{ statementId: a.id, amount: before }])).body.code).toBe(200);
    } else expect(all.body.message).toContain('投诉办结后');
    // a supplier cannot pay, another institute's finance cannot reach the statement
    expect((await st.pay('supplier3', `HOLD-${randomBytes(4).toString('hex')}`, [{ statementId: a.id, amount: 1 }])).body.code).toBe(40300);
    expect((await st.pay('finance2', `HOLD-${randomBytes(4).toString('hex')}`, [{ statementId: a.id, amount: 1 }])).body.code).toBe(404);
    // nothing of the refused payments was kept
    expect((await st.detail('finance1', a.id)).body.data.paidAmount).toBe(before);

    // wrong roles cannot end the complaint: the hold stays
    expect((await req('supplier3', 'POST', '/mall/v1/complain/admin/resolve', { id: cid, content: '已协商' })).body.code).toBe(40300);
    expect((await req('buyer1', 'POST', '/mall/v1/complain/admin/reject', { id: cid, content: '撤回' })).body.code).toBe(40300);
    expect((await st.pay('finance1', `HOLD-${randomBytes(4).toString('hex')}`, [{ statementId: a.id, amount: a.net - before }])).body.code).toBe(40000);

    // the platform resolves it: the hold lifts and the rest is paid
    expect((await req('admin', 'POST', '/mall/v1/complain/admin/accept', { id: cid })).body.code).toBe(200);
    expect((await st.pay('finance1', `HOLD-${randomBytes(4).toString('hex')}`, [{ statementId: a.id, amount: a.net - before }])).body.code).toBe(40000);
    expect((await req('admin', 'POST', '/mall/v1/complain/admin/resolve', { id: cid, content: '供应商已补发合格批次' })).body.code).toBe(200);
    expect((await st.detail('finance1', a.id)).body.data.lines.records.some((l: { onHold: boolean }) => l.onHold)).toBe(false);
    expect((await req('buyer1', 'GET', `/mall/v1/order-detail/${a.subs[1].orderId}`)).body.data.subOrders[0].complaintHold).toBe(false);
    expect(await owed()).toMatchObject({ owedAmount: a.net - before, heldAmount: 0 });
    const rest = await st.pay('finance1', `HOLD-${randomBytes(4).toString('hex')}`, [{ statementId: a.id, amount: a.net - before }]);
    expect(rest.body.code).toBe(200);
    expect((await st.detail('finance1', a.id)).body.data.status).toBe('paid');
  });

  it('a rejected complaint lifts the hold too; a complaint about the supplier in general holds nothing; allHasDoneOrder shows the hold', async () => {
    const a = await approvedWithThree(4);
    const held = a.subs[0].subId;
    const general = await req('buyer1', 'POST', '/mall/v1/complain/add', {
      supplierId: await supplierIdOf(db(), '麦克林'),
      category: 'service',
      content: '客服电话无人接听',
    });
    expect(general.body.code).toBe(200);
    expect((await st.detail('finance1', a.id)).body.data.lines.records.some((l: { onHold: boolean }) => l.onHold)).toBe(false);

    const cid = (await complain('buyer1', held)).body.data.id as number;
    const first = a.lines[0].subOrderId === held;
    if (first) expect((await st.pay('finance1', `REJ-${randomBytes(4).toString('hex')}`, [{ statementId: a.id, amount: 1 }])).body.code).toBe(40000);
    expect((await req('admin', 'POST', '/mall/v1/complain/admin/reject', { id: cid, content: '投诉不成立' })).body.code).toBe(200);
    expect((await st.pay('finance1', `REJ-${randomBytes(4).toString('hex')}`, [{ statementId: a.id, amount: a.net }])).body.code).toBe(200);

    // a sub-order not yet on a statement shows its hold in allHasDoneOrder
    const loose = await makeAcceptedSubOrder(db(), { supplier: '麦克林', buyer: 'buyer1', team: '李明华课题组', lines: [{ amount: 8_800, rate: '13' }] });
    expect((await complain('buyer1', loose.subId)).body.code).toBe(200);
    const done = (await req('finance1', 'GET', `/mall/v1/check/allHasDoneOrder?subNo=${loose.subNo}`)).body.data.records as {
      subOrderId: number;
      onHold: boolean;
    }[];
    expect(done).toEqual([expect.objectContaining({ subOrderId: loose.subId, onHold: true })]);
    // another institute's finance does not see it at all
    expect((await req('finance2', 'GET', `/mall/v1/check/allHasDoneOrder?subNo=${loose.subNo}`)).body.data.records).toEqual([]);
  });
});
