import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawSubOrders } from '../src/modules/ledgers/budget/index.ts';
import { budgetFixtures } from './support/budget-fixtures.ts';
import { createTestApp, type TestApp } from './support/harness.ts';
import { billExactly } from './support/invoice-fixture.ts';
import { lookups } from './support/lookups.ts';
import { addBeijingAddress, makeItem } from './support/mall-fixtures.ts';
import { demoSessions } from './support/sessions.ts';
import { monthOf, settlementCalls, supplierIdOf } from './support/settlement-fixtures.ts';

/**
 * The budget ledger on both engines: 50 concurrent final approvals on a 超支禁止 card with room for
 * 10 orders freeze exactly 10 (0 overspend); every order returns to 0 frozen when it ends
 * (refused, cancelled, stopped, refunded, or drawn); the draws on a card equal its completed
 * claims to the fen and a sub-order draws once; the balance row always equals the ledger.
 */
let t: TestApp;
const { req } = demoSessions(() => t);
const { userId } = lookups(() => t);
const db = () => t.ctx.database.db;
const key = () => randomBytes(8).toString('hex');
let addressId: number;

beforeAll(async () => {
  t = await createTestApp();
  addressId = await addBeijingAddress(req);
});
afterAll(() => t.close());

const budget = budgetFixtures(
  () => t,
  req,
  () => addressId,
);
const { newCard, cardRow, expectLedgerMatches, place, pass } = budget;

/** Fulfilment to completion, with the invoice that bills it exactly. */
async function fulfil(sub: number) {
  await budget.fulfil(sub);
  await billExactly(db(), sub);
}

describe('final approvals on a 超支禁止 card', () => {
  it('50 concurrent final approvals with room for 10: exactly 10 pass, the rest see the shortfall, 0 overspend', async () => {
    const cardId = await newCard(1);
    const orders = [];
    for (let i = 0; i < 50; i++) orders.push(await place(cardId, 10_000));
    const each = orders[0].totalAmount;
    expect(orders.every((o) => o.totalAmount === each)).toBe(true);
    // room for exactly 10 orders
    await db()
      .updateTable('grant_card')
      .set({ total: each * 10 })
      .where('id', '=', cardId)
      .execute();

    const results = await Promise.all(orders.map((o) => pass('leader1', o.orderId)));
    const passed = results.filter((r) => r.body.code === 200);
    expect(passed).toHaveLength(10);
    for (const r of results.filter((x) => x.body.code !== 200))
      expect(r.body).toMatchObject({ code: 40300, message: expect.stringMatching(/可用余额不足，差 ¥\d+\.\d{2}$/) });
    const c = await cardRow(cardId);
    expect(c).toMatchObject({ frozen: each * 10, drawn: 0 });
    expect(await db().selectFrom('budget_entry').select('id').where('card_id', '=', cardId).where('kind', '=', 'freeze').execute()).toHaveLength(10);
    await expectLedgerMatches(cardId);

    // a refused approval left its order waiting, with the shortfall shown to the approver
    const waiting = orders.find((o) => !passed.some((p) => p.body.data[0].id === o.orderId))!;
    const d = (await req('leader1', 'GET', `/mall/v1/order-detail/${waiting.orderId}`)).body.data;
    expect(d.status).toBe('pending_team');
    expect(d.budget).toMatchObject({ orderAmount: each, available: 0, shortfall: each, frozen: false });
    // the team leader may not override; the reason alone does not pass it
    expect((await pass('leader1', waiting.orderId, { overrideReason: '追加经费已批复' })).body.message).toContain('只有研究所负责人或财务');

    // cancelling the waiting ones frees nothing (nothing was frozen) and leaves no freeze behind
    for (const o of orders.slice(0, 50)) {
      if (passed.some((p) => p.body.data[0].id === o.orderId)) continue;
      expect((await req('buyer1', 'POST', '/mall/v1/order-caas/buyer/cancel', { id: o.orderId })).body.code).toBe(200);
    }
    expect((await cardRow(cardId)).frozen).toBe(each * 10);

    // stopping an approved order releases its freeze; the supplier refusing another releases it too
    const approved = orders.filter((o) => passed.some((p) => p.body.data[0].id === o.orderId));
    expect((await req('admin', 'POST', '/mall/v1/order-supplier/admin/stopOrder', { id: approved[0].orderId, reason: '重复下单' })).body.code).toBe(200);
    expect((await req('supplier1', 'POST', '/supplier/v1/order/refuse', { subOrderId: approved[1].subOrders[0].id, reason: '该批号缺货' })).body.code).toBe(
      200,
    );
    expect((await cardRow(cardId)).frozen).toBe(each * 8);
    await expectLedgerMatches(cardId);

    // every ended order is back to 0 frozen
    for (const o of [approved[0], approved[1]]) {
      const sum = (await db().selectFrom('budget_entry').select(['kind', 'amount']).where('order_id', '=', o.orderId).execute())
        .filter((e) => e.kind !== 'draw')
        .reduce((a, e) => a + Number(e.amount), 0);
      expect(sum).toBe(0);
    }
  });

  it('an override by the institute passes a short 超支禁止 card with the reason logged; a 超支提醒 card passes with a warning', async () => {
    const stop = await newCard(100);
    // ¥6,000: the chain is team then institute, so the institute's pass is the final one
    const o = await place(stop, 600_000);
    expect((await pass('leader1', o.orderId)).body.code).toBe(200);
    const refused = await req('owner1', 'POST', '/mall/v1/order-caas/institute/pass', { ids: [o.orderId] });
    expect(refused.body.message).toMatch(/^经费卡 L[0-9a-f]+ 可用余额不足，差 ¥5,?999\.00$/);
    const over = await req('owner1', 'POST', '/mall/v1/order-caas/institute/pass', { ids: [o.orderId], overrideReason: '所务会批准先行采购' });
    expect(over.body.code).toBe(200);
    const e = await db().selectFrom('budget_entry').selectAll().where('order_id', '=', o.orderId).where('kind', '=', 'freeze').executeTakeFirstOrThrow();
    expect(e.reason).toContain('所务会批准先行采购');
    expect(e.actor_id).toBe(await userId('owner1'));

    const warn = await newCard(100, 'warn');
    const w = await place(warn, 1_000);
    const res = await pass('leader1', w.orderId);
    expect(res.body.code).toBe(200);
    expect(res.body.data[0].message).toContain('超支提醒');
    expect((await cardRow(warn)).frozen).toBe(w.totalAmount);
    await expectLedgerMatches(warn);
  });
});

describe('draws', () => {
  it('a completed claim draws its sub-orders to the fen, once; the payments hook draws once too; frozen returns to 0', async () => {
    const cardId = await newCard(10_000_000);
    const a = await place(cardId, 12_345);
    const b = await place(cardId, 20_001);
    for (const o of [a, b]) expect((await pass('leader1', o.orderId)).body.code).toBe(200);
    for (const o of [a, b]) await fulfil(o.subOrders[0].id);
    // sub-order b is paid through a supplier statement first (the payments module's hook)
    const drawnNow = await db()
      .transaction()
      .execute((trx) => drawSubOrders(trx, [b.subOrders[0].id], { ref: 'statement:test-1' }));
    expect(drawnNow).toBe(1);
    expect(
      await db()
        .transaction()
        .execute((trx) => drawSubOrders(trx, [b.subOrders[0].id], { ref: 'statement:test-1' })),
    ).toBe(0);

    // a claim over both, through its chain, completed by finance
    const applied = await req('buyer1', 'POST', '/mall/v1/reimbursement/buyer/batchApplyClaim', { subOrderIds: [a.subOrders[0].id, b.subOrders[0].id] });
    expect(applied.body.code).toBe(200);
    const claim = applied.body.data[0];
    expect((await req('leader1', 'POST', '/mall/v1/reimbursement/team/claim/batchPass', { ids: [claim.id] })).body.code).toBe(200);
    const merged = await req('finance1', 'POST', '/mall/v1/reimbursement/finance/mergeClaim/batchPass', { ids: [claim.id] });
    expect(merged.body.code).toBe(200);
    expect((await req('finance1', 'POST', '/mall/v1/reimbursement/finance/mergeClaim/complete', { id: merged.body.data.id })).body.code).toBe(200);

    const c = await cardRow(cardId);
    expect(c.frozen).toBe(0);
    // the sum of draws equals the completed claim to the fen (b drew once, through the statement)
    expect(c.drawn).toBe(a.totalAmount + b.totalAmount);
    const claimed = await db().selectFrom('claim').select(['amount', 'status']).where('id', '=', claim.id).executeTakeFirstOrThrow();
    expect({ amount: Number(claimed.amount), status: claimed.status }).toEqual({ amount: a.totalAmount + b.totalAmount, status: 'completed' });
    const draws = await db()
      .selectFrom('budget_entry')
      .select(['sub_order_id', 'claim_id', 'ref'])
      .where('card_id', '=', cardId)
      .where('kind', '=', 'draw')
      .execute();
    expect(draws).toHaveLength(2);
    expect(draws.find((d) => d.sub_order_id === a.subOrders[0].id)?.claim_id).toBe(claim.id);
    expect(draws.find((d) => d.sub_order_id === b.subOrders[0].id)?.ref).toBe('statement:test-1');
    await expectLedgerMatches(cardId);

    // the ledger page and its Excel export
    const page = await req('leader1', 'GET', `/mall/v1/grantCard/ledger?cardId=${cardId}&size=50`);
    expect(page.body.data.records.map((r: { kind: string }) => r.kind)).toEqual(expect.arrayContaining(['check', 'freeze', 'draw']));
    expect(page.body.data.records.find((r: { kind: string; claimNo: string | null }) => r.kind === 'draw' && r.claimNo)?.claimNo).toBe(claim.claimNo);
    const xlsx = await req('finance1', 'GET', `/mall/v1/grantCard/ledger/export?cardId=${cardId}`);
    expect(xlsx.raw.headers['content-type']).toContain('spreadsheetml');
    expect((await req('finance2', 'GET', `/mall/v1/grantCard/ledger/export?cardId=${cardId}`)).status).toBe(404);
  });
});

describe('orders that end or need no approval', () => {
  it('a refund releases the freeze; an order approved as it is placed freezes at once, and a short 超支禁止 card refuses it', async () => {
    const cardId = await newCard(10_000_000);
    const o = await place(cardId, 5_000);
    expect((await pass('leader1', o.orderId)).body.code).toBe(200);
    expect((await cardRow(cardId)).frozen).toBe(o.totalAmount);
    const sub = o.subOrders[0].id;
    const channel = (await req('supplier1', 'GET', '/mall/v1/expChannel/list')).body.data[0].id;
    expect((await req('supplier1', 'POST', '/supplier/v1/order/confirm', { subOrderId: sub })).body.code).toBe(200);
    expect(
      (await req('supplier1', 'POST', '/supplier/v1/order/deliver', { subOrderId: sub, expressChannelId: channel, trackingNo: `SF${Date.now()}` })).body.code,
    ).toBe(200);
    expect((await req('buyer1', 'POST', '/mall/v1/order-caas/buyer/refund', { subOrderId: sub, reason: '规格不符' })).body.code).toBe(200);
    expect((await cardRow(cardId)).frozen).toBe(o.totalAmount);
    expect((await req('supplier1', 'POST', '/supplier/v1/order/refundConfirm', { subOrderId: sub })).body.code).toBe(200);
    expect((await cardRow(cardId)).frozen).toBe(0);
    const kinds = (await db().selectFrom('budget_entry').select('kind').where('order_id', '=', o.orderId).orderBy('id').execute()).map((e) => e.kind);
    expect(kinds).toEqual(['check', 'freeze', 'release']);
    // a refunded sub-order never draws (only accepted, completed ones do)
    expect(
      await db()
        .transaction()
        .execute((trx) => drawSubOrders(trx, [sub], { ref: 'statement:x' })),
    ).toBe(0);
    await expectLedgerMatches(cardId);

    // the institute's flow asks no approval under ¥1,000: such orders are approved when placed
    const iccas = (await db().selectFrom('institute').select('id').where('code', '=', 'ICCAS').executeTakeFirstOrThrow()).id;
    const before = await db().selectFrom('approval_flow').selectAll().where('institute_id', '=', iccas).executeTakeFirst();
    const flow = {
      team_enabled: 1,
      team_threshold: 100_000,
      institute_enabled: 1,
      institute_threshold: 500_000,
      checker_enabled: 1,
      hazard_requires_institute: 1,
    };
    if (before) await db().updateTable('approval_flow').set(flow).where('institute_id', '=', iccas).execute();
    else
      await db()
        .insertInto('approval_flow')
        .values({ institute_id: iccas, ...flow, updated_by: null, updated_at: new Date().toISOString() })
        .execute();
    try {
      const small = await newCard(5_000);
      const fits = await place(small, 3_000);
      expect((await db().selectFrom('purchase_order').select('status').where('id', '=', fits.orderId).executeTakeFirstOrThrow()).status).toBe('approved');
      expect((await cardRow(small)).frozen).toBe(fits.totalAmount);
      const it = await makeItem(db(), { supplier: '国药', name: '无水乙醇 分析纯', price: 4_000, stock: 10 });
      const short = await req('buyer1', 'POST', '/mall/v1/order/create', {
        direct: { itemId: it.id, quantity: 1 },
        addressId,
        idempotencyKey: key(),
        grantCardId: small,
      });
      expect(short.body).toMatchObject({ code: 40300, message: expect.stringContaining('可用余额不足') });
      await expectLedgerMatches(small);
    } finally {
      if (before) await db().updateTable('approval_flow').set(before).where('institute_id', '=', iccas).execute();
      else await db().deleteFrom('approval_flow').where('institute_id', '=', iccas).execute();
    }
  });
});

describe('year-end carry-forward', () => {
  it('moves open freezes to the new period card as paired entries; later releases land on the new card', async () => {
    const old = await newCard(1_000_000);
    const next = await newCard(2_000_000);
    const a = await place(old, 10_000);
    const b = await place(old, 20_000);
    for (const o of [a, b]) expect((await pass('leader1', o.orderId)).body.code).toBe(200);
    const held = a.totalAmount + b.totalAmount;
    expect((await cardRow(old)).frozen).toBe(held);

    // only the institute's finance carries; another institute's finance does not even see the cards
    expect((await req('leader1', 'POST', '/mall/v1/grantCard/carryForward', { fromId: old, toId: next })).body.code).toBe(40300);
    expect((await req('finance2', 'POST', '/mall/v1/grantCard/carryForward', { fromId: old, toId: next })).status).toBe(404);
    const res = await req('finance1', 'POST', '/mall/v1/grantCard/carryForward', { fromId: old, toId: next });
    expect(res.body).toMatchObject({ code: 200, data: { subOrders: 2, orders: 2, amount: held } });
    expect((await cardRow(old)).frozen).toBe(0);
    expect((await cardRow(next)).frozen).toBe(held);
    const pairs = await db()
      .selectFrom('budget_entry')
      .select(['card_id', 'amount'])
      .where('kind', '=', 'carry')
      .where('order_id', 'in', [a.orderId, b.orderId])
      .execute();
    expect(pairs.reduce((x, e) => x + Number(e.amount), 0)).toBe(0);
    await expectLedgerMatches(old);
    await expectLedgerMatches(next);
    // carrying again moves nothing
    expect((await req('finance1', 'POST', '/mall/v1/grantCard/carryForward', { fromId: old, toId: next })).body.data).toMatchObject({
      subOrders: 0,
      amount: 0,
    });

    // the order now shows and releases on the new card
    expect((await req('leader1', 'GET', `/mall/v1/order-detail/${a.orderId}`)).body.data.budget).toMatchObject({
      cardId: next,
      orderAmount: a.totalAmount,
      frozen: true,
    });
    expect((await req('admin', 'POST', '/mall/v1/order-supplier/admin/stopOrder', { id: a.orderId, reason: '课题结题' })).body.code).toBe(200);
    expect((await cardRow(next)).frozen).toBe(b.totalAmount);
    expect((await cardRow(old)).frozen).toBe(0);
    await expectLedgerMatches(next);
  });
});

describe('paying a supplier statement', () => {
  it('draws the card of each sub-order it pays in full, in the payment, once', async () => {
    const cardId = await newCard(1_000_000);
    const o = await place(cardId, 23_456);
    expect((await pass('leader1', o.orderId)).body.code).toBe(200);
    await fulfil(o.subOrders[0].id);
    expect(await cardRow(cardId)).toMatchObject({ frozen: o.totalAmount, drawn: 0 });

    const s = settlementCalls(req);
    const g = await s.generate('finance1', { supplierId: await supplierIdOf(db(), '国药'), month: monthOf(0) });
    expect(g.body.code).toBe(200);
    const id = g.body.data.id as number;
    expect((await s.move('finance1', 'send', id)).body.code).toBe(200);
    expect((await s.confirm('supplier1', id)).body.code).toBe(200);
    expect((await s.move('finance1', 'approve', id)).body.code).toBe(200);
    const net = (await s.detail('finance1', id)).body.data.netAmount as number;
    const paid = await s.pay('finance1', `BANK-CARD-${key()}`, [{ statementId: id, amount: net }]);
    expect(paid.body.code).toBe(200);

    expect(await cardRow(cardId)).toMatchObject({ frozen: 0, drawn: o.totalAmount });
    const draw = await db().selectFrom('budget_entry').select(['ref', 'sub_order_id']).where('card_id', '=', cardId).where('kind', '=', 'draw').execute();
    expect(draw).toEqual([{ ref: `payment:${paid.body.data.paymentNo}`, sub_order_id: o.subOrders[0].id }]);
    await expectLedgerMatches(cardId);
  });
});
