import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/harness.ts';
import { refunds } from './support/refunds.ts';
import { demoSessions } from './support/sessions.ts';
import { acceptedInMonth, monthOf, settlementCalls, supplierIdOf } from './support/settlement-fixtures.ts';

/**
 * A statement whose refunds outweigh what was accepted (net below 0) is settled at approval with
 * nothing paid, and the supplier owes the institute that amount. The credit is not lost: the next
 * statements made for the same supplier and institute deduct it (上期结转), as far as each one's
 * gross allows; cancelling a draft gives its share back; another institute's statements never see
 * it. Both engines.
 */
let t: TestApp;
const { req } = demoSessions(() => t);
const db = () => t.ctx.database.db;
const st = settlementCalls(req);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Detail = {
  id: number;
  statementNo: string;
  status: string;
  grossAmount: number;
  netAmount: number;
  deductions: { name: string; kind: string; value: number; amount: number }[];
  credit: { amount: number; carried: number; left: number; carriedTo: { statementNo: string; amount: number }[] } | null;
};
const detail = async (id: number, user = 'finance1', side: 'mall' | 'supplier' = 'mall') => (await st.detail(user, id, side)).body.data as Detail;

async function generate(supplierId: number, month: string, user = 'finance1') {
  const g = await st.generate(user, { supplierId, month });
  expect(g.body.code, g.body.message).toBe(200);
  return g.body.data.id as number;
}

/** sent, confirmed by the supplier (麦克林: supplier3, 阿拉丁: supplier2) and approved by finance1 */
async function approve(id: number, supplierUser = 'supplier3') {
  expect((await st.move('finance1', 'send', id)).body.code).toBe(200);
  expect((await st.confirm(supplierUser, id)).body.code).toBe(200);
  expect((await st.move('finance1', 'approve', id)).body.code).toBe(200);
}

/** A paid statement of `supplier` four months back, then this month's refund of `refund` fen of it: a statement below 0, approved. */
async function creditOf(supplier: '麦克林' | '阿拉丁', supplierUser: string, refund: number, sourceId: number) {
  const supplierId = await supplierIdOf(db(), supplier);
  const old = await acceptedInMonth(db(), { supplier, monthsBack: 4, amounts: [50_000] });
  const first = await generate(supplierId, old.month);
  await approve(first, supplierUser);
  expect((await st.pay('finance1', `CR-${randomBytes(4).toString('hex')}`, [{ statementId: first, amount: 50_000 }])).body.code).toBe(200);
  const sub = old.subs[0];
  const refunded = await db()
    .transaction()
    .execute((trx) =>
      refunds.part(trx, {
        subOrderId: sub.subId,
        source: 'after_sale',
        sourceId,
        ref: `SH-CREDIT-${sourceId}`,
        lines: [{ lineId: sub.lineIds[0], quantity: 1, amount: refund }],
        goodsBack: false,
        actorId: null,
        reason: '质量问题退款',
      }),
    );
  expect(refunded).toBe(true);
  const id = await generate(supplierId, monthOf(0));
  await approve(id, supplierUser);
  return { supplierId, id };
}

describe('a credit left by a statement below 0 is carried into the next ones', () => {
  let supplierId: number;
  let creditId: number;
  let creditNo: string;

  it('a month of refunds only: approved with nothing to pay, the credit shown on it', async () => {
    // ¥500.00 accepted four months ago, stated and paid; this month the supplier refunds ¥200.00 of it
    const made = await creditOf('麦克林', 'supplier3', 20_000, 900_001);
    supplierId = made.supplierId;
    creditId = made.id;
    const d = await detail(creditId);
    creditNo = d.statementNo;
    expect(d).toMatchObject({ status: 'paid', grossAmount: -20_000, netAmount: -20_000, deductions: [] });
    expect(d.credit).toEqual({ amount: 20_000, carried: 0, left: 20_000, carriedTo: [] });
    // the supplier sees the same
    expect((await detail(creditId, 'supplier3', 'supplier')).credit).toMatchObject({ amount: 20_000, left: 20_000 });
  });

  it('the next statement deducts it as far as its gross allows; the rest waits; cancelling gives it back', async () => {
    const small = await acceptedInMonth(db(), { supplier: '麦克林', monthsBack: 2, amounts: [15_000] });
    let id = await generate(supplierId, small.month);
    let d = await detail(id);
    expect(d.deductions).toEqual([{ name: `上期结转（对账单 ${creditNo}）`, kind: 'carry', value: 15_000, amount: 15_000 }]);
    expect([d.grossAmount, d.netAmount]).toEqual([15_000, 0]);
    expect((await detail(creditId)).credit).toMatchObject({ carried: 15_000, left: 5_000, carriedTo: [{ statementNo: d.statementNo, amount: 15_000 }] });

    // a cancelled draft deducts nothing: the whole credit is free again, and the remade one takes it anew
    expect((await st.move('finance1', 'cancel', id)).body.code).toBe(200);
    expect((await detail(creditId)).credit).toMatchObject({ carried: 0, left: 20_000, carriedTo: [] });
    id = await generate(supplierId, small.month);
    d = await detail(id);
    expect(d.deductions.map((x) => [x.kind, x.amount])).toEqual([['carry', 15_000]]);

    // the following month takes what is left, ¥50.00, and no more
    const big = await acceptedInMonth(db(), { supplier: '麦克林', monthsBack: 1, amounts: [30_000] });
    const next = await detail(await generate(supplierId, big.month));
    expect(next.deductions).toEqual([{ name: `上期结转（对账单 ${creditNo}）`, kind: 'carry', value: 5_000, amount: 5_000 }]);
    expect(next.netAmount).toBe(25_000);
    expect((await detail(creditId)).credit).toMatchObject({ amount: 20_000, carried: 20_000, left: 0 });

    // the statement that carried it is paid for its net only
    await approve(id);
    expect((await detail(id)).status).toBe('paid');

    // what the supplier is owed counts the credit once: the ¥250.00 of the last statement, not ¥50.00
    await approve(next.id);
    const owed = (await req('finance1', 'GET', `/mall/v1/check/adminCheckSupplierMoney?supplierId=${supplierId}`)).body.data as { owedAmount: number }[];
    expect(owed.map((o) => o.owedAmount)).toEqual([25_000]);
  });

  it('another institute never deducts this institute’s credit', async () => {
    const simm = await acceptedInMonth(db(), { supplier: '麦克林', institute: 'SIMM', monthsBack: 1, amounts: [40_000] });
    const id = await generate(supplierId, simm.month, 'finance2');
    const d = await detail(id, 'finance2');
    expect(d.deductions.filter((x) => x.kind === 'carry')).toEqual([]);
    expect(d.netAmount).toBe(40_000);
    // nor reads the statement that holds it
    expect((await st.detail('finance2', creditId)).body.code).toBe(404);
  });

  it('two statements made at the same moment deduct the credit once', async () => {
    // a later month's statement takes the earlier months' open sub-orders too, so of two made at
    // once one gets the sub-orders (and the credit, under the source's lock) and the other is refused
    const made = await creditOf('阿拉丁', 'supplier2', 20_000, 900_002);
    const a = await acceptedInMonth(db(), { supplier: '阿拉丁', monthsBack: 2, amounts: [15_000] });
    const b = await acceptedInMonth(db(), { supplier: '阿拉丁', monthsBack: 3, amounts: [15_000] });
    const tries = await Promise.all([a.month, b.month].map((month) => st.generate('finance1', { supplierId: made.supplierId, month })));
    const ok = tries.filter((r) => r.body.code === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    const carried = await Promise.all(
      ok.map(async (r) => (await detail(r.body.data.id)).deductions.filter((x) => x.kind === 'carry').reduce((n, x) => n + x.amount, 0)),
    );
    const credit = (await detail(made.id)).credit!;
    expect(carried.reduce((n, x) => n + x, 0)).toBe(credit.carried);
    expect(credit.carried).toBeLessThanOrEqual(20_000);
    expect(credit.carried + credit.left).toBe(20_000);
  });
});
