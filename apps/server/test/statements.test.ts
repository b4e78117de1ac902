import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/harness.ts';
import { billExactly } from './support/invoice-fixture.ts';
import { call, demoSessions } from './support/sessions.ts';
import { acceptedInMonth, settlementCalls, supplierIdOf } from './support/settlement-fixtures.ts';

let t: TestApp;
const { as, req } = demoSessions(() => t);
const db = () => t.ctx.database.db;
const s = settlementCalls(req);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A statement of 国药 (or another supplier) for ICCAS sent, confirmed and approved by finance1. */
async function approvedStatement(supplier: '国药' | '阿拉丁' | '麦克林', monthsBack: number, amounts: number[]) {
  const made = await acceptedInMonth(db(), { supplier, monthsBack, amounts });
  const g = await s.generate('finance1', { supplierId: await supplierIdOf(db(), supplier), month: made.month });
  expect(g.body.code).toBe(200);
  const id = g.body.data.id;
  expect((await s.move('finance1', 'send', id)).body.code).toBe(200);
  const user = supplier === '国药' ? 'supplier1' : supplier === '阿拉丁' ? 'supplier2' : 'supplier3';
  expect((await s.confirm(user, id)).body.code).toBe(200);
  expect((await s.move('finance1', 'approve', id)).body.code).toBe(200);
  const d = await s.detail('finance1', id);
  return { id, made, net: d.body.data.netAmount as number, detail: d.body.data };
}

describe('statement generation', () => {
  it('takes the month’s accepted sub-orders and refunds once, with their amounts, and lists what awaits a statement', async () => {
    const made = await acceptedInMonth(db(), { supplier: '国药', monthsBack: 2, amounts: [12_000, 8_050], refund: 3_000 });
    const supplierId = await supplierIdOf(db(), '国药');
    const waiting = await req('finance1', 'GET', `/mall/v1/check/allHasDoneOrder?supplierId=${supplierId}&month=${made.month}&size=100`);
    expect(waiting.body.code).toBe(200);
    const waitingIds = waiting.body.data.records.map((r: { subOrderId: number }) => r.subOrderId);
    for (const x of made.subs) expect(waitingIds).toContain(x.subId);

    const g = await s.generate('finance1', { supplierId, month: made.month });
    expect(g.body.code).toBe(200);
    const d = (await s.detail('finance1', g.body.data.id)).body;
    expect(d.data.status).toBe('draft');
    // the supplier sees it only once it is sent
    expect((await s.detail('supplier1', g.body.data.id, 'supplier')).status).toBe(404);
    const a = s.lineOf(d, made.subs[0].subId);
    expect(a).toMatchObject({ kind: 'accepted', ordered: 12_000, accepted: 12_000, amount: 12_000, invoiced: 0, claimed: 0, paid: 0, payStatus: 'unpaid' });
    expect(s.lineOf(d, made.refund!.subId)).toMatchObject({ kind: 'refund', ordered: 3_000, accepted: 0, amount: 0 });
    // totals are sums of the stored lines
    const sum = d.data.lines.records.reduce((x: number, l: { amount: number }) => x + l.amount, 0);
    expect(d.data.grossAmount).toBe(sum);
    expect(d.data.netAmount).toBe(sum);
    expect(d.data.netUppercase).toMatch(/^[零壹贰叁肆伍陆柒捌玖拾佰仟万亿元角分整]+$/);

    // on a statement now: no longer waiting, and a second statement of the month is refused
    const after = await req('finance1', 'GET', `/mall/v1/check/allHasDoneOrder?supplierId=${supplierId}&month=${made.month}&size=100`);
    expect(after.body.data.records.map((r: { subOrderId: number }) => r.subOrderId)).not.toContain(made.subs[0].subId);
    const again = await s.generate('finance1', { supplierId, month: made.month });
    expect(again.body.code).toBe(40009);
    // a month without anything to settle says so
    const future = await s.generate('finance1', { supplierId, month: '2099-01' });
    expect(future.body.code).toBe(40000);
  });

  it('a cancelled draft frees its sub-orders for the next statement', async () => {
    const made = await acceptedInMonth(db(), { supplier: '阿拉丁', monthsBack: 3, amounts: [5_000] });
    const supplierId = await supplierIdOf(db(), '阿拉丁');
    const g = await s.generate('finance1', { supplierId, month: made.month });
    expect((await s.move('finance1', 'cancel', g.body.data.id)).body.data.status).toBe('cancelled');
    const again = await s.generate('finance1', { supplierId, month: made.month });
    expect(again.body.code).toBe(200);
    expect(s.lineOf((await s.detail('finance1', again.body.data.id)).body, made.subs[0].subId)).toBeTruthy();
  });

  it('applies the institute’s deductions from checkRule', async () => {
    const rule = await req('finance1', 'POST', '/mall/v1/checkRule/save', {
      period: 'monthly',
      cutoffDay: 0,
      countStates: ['completed'],
      deductions: [
        { name: '平台服务费', kind: 'percent', value: 100 },
        { name: '质保金', kind: 'fixed', value: 500 },
      ],
    });
    expect(rule.body.code).toBe(200);
    const made = await acceptedInMonth(db(), { supplier: '麦克林', monthsBack: 4, amounts: [10_050, 20_000], refund: 999 });
    const g = await s.generate('finance1', { supplierId: await supplierIdOf(db(), '麦克林'), month: made.month });
    const d = (await s.detail('finance1', g.body.data.id)).body.data;
    // refunds do not count under this rule
    expect(d.lines.records.find((l: { subOrderId: number }) => l.subOrderId === made.refund!.subId)).toBeUndefined();
    const pct = Math.floor((2 * d.grossAmount * 100 + 10_000) / 20_000);
    expect(d.deductions).toEqual([
      { name: '平台服务费', kind: 'percent', value: 100, amount: pct },
      { name: '质保金', kind: 'fixed', value: 500, amount: 500 },
    ]);
    expect(d.netAmount).toBe(d.grossAmount - pct - 500);
    await req('finance1', 'POST', '/mall/v1/checkRule/save', { period: 'monthly', cutoffDay: 0, countStates: ['completed', 'refunded'], deductions: [] });
  });
});

describe('disputes', () => {
  it('reopen only the disputed lines; finance corrects or removes them and sends again', async () => {
    const made = await acceptedInMonth(db(), { supplier: '国药', monthsBack: 5, amounts: [10_000, 20_000, 30_000] });
    const g = await s.generate('finance1', { supplierId: await supplierIdOf(db(), '国药'), month: made.month });
    const id = g.body.data.id;
    await s.move('finance1', 'send', id);
    const d0 = (await s.detail('supplier1', id, 'supplier')).body;
    expect(d0.code).toBe(200);
    const [a, b, c] = made.subs.map((x) => s.lineOf(d0, x.subId));
    const inbox = async (user: string, title: string) =>
      db()
        .selectFrom('user_message')
        .innerJoin('app_user', 'app_user.id', 'user_message.user_id')
        .select('user_message.content')
        .where('app_user.user_name', '=', user)
        .where('user_message.title', '=', title)
        .where('user_message.content', 'like', `%${d0.data.statementNo}%`)
        .execute();
    expect(await inbox('supplier1', '对账单待确认')).toHaveLength(1);

    // the supplier disputes a and b; only they reopen
    const disp = await s.dispute('supplier1', id, [
      { lineId: a.id, reason: '实际只验收了一半' },
      { lineId: b.id, reason: '该单已退货' },
    ]);
    expect(disp.body.data.status).toBe('disputed');
    expect((await inbox('finance1', '供应商对对账单提出异议'))[0].content).toContain('实际只验收了一半');
    expect(await inbox('finance2', '供应商对对账单提出异议')).toHaveLength(0);
    expect((await s.confirm('supplier1', id)).body.code).toBe(40009);
    // c was not disputed: finance may not touch it
    const touchC = await req('finance1', 'POST', '/mall/v1/statement/correctLine', { id, lineId: c.id, amount: 1, note: '想改一下' });
    expect(touchC.body.code).toBe(40000);
    // not every dispute handled yet: cannot send again
    expect((await req('finance1', 'POST', '/mall/v1/statement/correctLine', { id, lineId: a.id, amount: 5_000, note: '按验收单更正为一半' })).body.code).toBe(
      200,
    );
    expect((await s.move('finance1', 'resend', id)).body.code).toBe(40000);
    expect((await req('finance1', 'POST', '/mall/v1/statement/removeLine', { id, lineId: b.id, note: '已退货，移出本期' })).body.code).toBe(200);
    expect((await s.move('finance1', 'resend', id)).body.data.status).toBe('sent');

    const d1 = (await s.detail('finance1', id)).body.data;
    const line = (subId: number) => d1.lines.records.find((l: { subOrderId: number }) => l.subOrderId === subId);
    expect(line(made.subs[0].subId)).toMatchObject({ amount: 5_000, originalAmount: 10_000, dispute: 'corrected' });
    expect(line(made.subs[1].subId)).toBeUndefined();
    expect(line(made.subs[2].subId)).toMatchObject({ amount: 30_000, dispute: 'none' });
    expect(d1.grossAmount).toBe(d1.lines.records.reduce((x: number, l: { amount: number }) => x + l.amount, 0));
    // the removed sub-order waits for a statement again
    const waiting = await req('finance1', 'GET', `/mall/v1/check/allHasDoneOrder?subNo=${made.subs[1].subNo}`);
    expect(waiting.body.data.records.map((r: { subOrderId: number }) => r.subOrderId)).toEqual([made.subs[1].subId]);
    // the supplier sees the disputed lines with their reasons and the corrections
    const disputed = (await s.detail('supplier1', id, 'supplier', 'disputed=1&size=50')).body.data.lines.records;
    expect(disputed.map((l: { dispute: string }) => l.dispute).sort()).toEqual(['corrected', 'removed']);
    expect((await s.confirm('supplier1', id)).body.data.status).toBe('supplier_confirmed');
  });
});

describe('payments', () => {
  it('allow partial payments and never more than the statement’s open amount', async () => {
    const st = await approvedStatement('阿拉丁', 5, [40_000, 60_000]);
    expect(st.detail.status).toBe('finance_approved');
    const [first, second] = st.made.subs;
    const invoiceId = await billExactly(db(), first.subId);
    const orderPay = async (x: { orderId: number; subId: number }) =>
      (await req('buyer1', 'GET', `/mall/v1/order-detail/${x.orderId}`)).body.data.subOrders.find((y: { id: number }) => y.id === x.subId).payStatus;
    const invoicePay = async () =>
      (await req('supplier2', 'GET', '/supplier/v1/order/invoiceUploadList?size=100')).body.data.records.find((v: { id: number }) => v.id === invoiceId)
        .payStatus;
    expect(await orderPay(first)).toBe('in_payment');
    expect(await invoicePay()).toBe('in_payment');
    const p1 = await s.pay('finance1', 'BANK-PART-0001', [{ statementId: st.id, amount: 50_000 }]);
    expect(p1.body.code).toBe(200);
    // the sub-orders this payment paid in full (each draws its grant-card freeze, budget-ledger.test.ts)
    expect(p1.body.data.paidSubOrders).toBe(1);
    let d = (await s.detail('finance1', st.id)).body;
    expect(d.data).toMatchObject({ status: 'partially_paid', paidAmount: 50_000 });
    // payments cover the lines in order: whichever line comes first is paid, the other partially
    const paidStates = [s.lineOf(d, first.subId).payStatus, s.lineOf(d, second.subId).payStatus].sort();
    expect(paidStates).toContain('partially_paid');

    const over = await s.pay('finance1', 'BANK-PART-0002', [{ statementId: st.id, amount: st.net - 50_000 + 1 }]);
    expect(over.body.code).toBe(40000);
    expect(over.body.message).toContain('超过未付金额');
    // the same bank reference twice is refused
    expect((await s.pay('finance1', 'BANK-PART-0001', [{ statementId: st.id, amount: 1 }])).body.code).toBe(40000);
    d = (await s.detail('finance1', st.id)).body;
    expect(d.data.paidAmount).toBe(50_000);

    const rest = await s.pay('finance1', 'BANK-PART-0003', [{ statementId: st.id, amount: st.net - 50_000 }]);
    expect(rest.body.code).toBe(200);
    expect(rest.body.data.paidSubOrders).toBe(1);
    d = (await s.detail('finance1', st.id)).body;
    expect(d.data).toMatchObject({ status: 'paid', paidAmount: st.net, openAmount: 0 });
    expect(s.lineOf(d, first.subId).payStatus).toBe('paid');
    expect(await orderPay(first)).toBe('paid');
    expect(await orderPay(second)).toBe('paid');
    expect(await invoicePay()).toBe('paid');
    expect(d.data.payments).toHaveLength(2);
    expect((await s.pay('finance1', 'BANK-PART-0004', [{ statementId: st.id, amount: 1 }])).body.code).toBe(40009);
    expect((await s.move('finance1', 'close', st.id)).body.data.status).toBe('closed');
  });

  it('refuses payments on statements not yet approved', async () => {
    const made = await acceptedInMonth(db(), { supplier: '麦克林', monthsBack: 6, amounts: [1_000] });
    const g = await s.generate('finance1', { supplierId: await supplierIdOf(db(), '麦克林'), month: made.month });
    expect((await s.pay('finance1', 'BANK-DRAFT-01', [{ statementId: g.body.data.id, amount: 100 }])).body.code).toBe(40009);
  });

  it('parallel payments on one statement never overpay it', async () => {
    const st = await approvedStatement('国药', 7, [30_000, 30_000, 40_000]);
    const share = Math.ceil(st.net / 3);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => s.pay('finance1', `BANK-PAR-${String(i).padStart(4, '0')}`, [{ statementId: st.id, amount: share }])),
    );
    const okCount = results.filter((r) => r.body.code === 200).length;
    const row = await db().selectFrom('statement').select(['paid_amount', 'net_amount']).where('id', '=', st.id).executeTakeFirstOrThrow();
    expect(Number(row.paid_amount)).toBeLessThanOrEqual(Number(row.net_amount));
    expect(Number(row.paid_amount)).toBe(okCount * share);
    expect(okCount).toBe(Math.floor(st.net / share));
    // each sub-order reaches the grant-card seam once: 2 × share covers the first two lines (30,000 and 60,000)
    const seamed = results.filter((r) => r.body.code === 200).reduce((a, r) => a + r.body.data.paidSubOrders, 0);
    expect(seamed).toBe(2);
    const allocated = await db()
      .selectFrom('settle_payment_allocation')
      .select((eb) => eb.fn.sum<number>('amount').as('s'))
      .where('statement_id', '=', st.id)
      .executeTakeFirstOrThrow();
    expect(Number(allocated.s)).toBe(Number(row.paid_amount));
  });
});

describe('scope', () => {
  it('finance sees only its institute, a supplier only its own, other roles are refused', async () => {
    const st = await approvedStatement('麦克林', 8, [7_000]);
    // another institute's finance: not found, and not in its list
    expect((await s.detail('finance2', st.id)).status).toBe(404);
    const list2 = await req('finance2', 'GET', '/mall/v1/statement/page?size=100');
    expect(list2.body.data.records.map((r: { id: number }) => r.id)).not.toContain(st.id);
    expect((await s.pay('finance2', 'BANK-FOREIGN-1', [{ statementId: st.id, amount: 100 }])).status).toBe(404);
    expect((await s.move('finance2', 'close', st.id)).status).toBe(404);
    // another supplier: not found; its own list holds only its statements
    expect((await s.detail('supplier1', st.id, 'supplier')).status).toBe(404);
    expect((await s.confirm('supplier1', st.id)).status).toBe(404);
    const mine = await req('supplier3', 'GET', '/supplier/v1/statement/page?size=100');
    expect(mine.body.data.records.length).toBeGreaterThan(0);
    for (const r of mine.body.data.records) expect(r.supplierName).toContain('麦克林');
    // wrong roles
    expect((await req('buyer1', 'GET', '/mall/v1/statement/page')).body.code).toBe(40300);
    expect((await req('buyer1', 'POST', '/mall/v1/statement/generate', { supplierId: 1, month: '2026-01' })).body.code).toBe(40300);
    expect((await req('supplier1', 'GET', '/mall/v1/statement/page')).body.code).toBe(40300);
    expect((await req('finance1', 'GET', '/supplier/v1/statement/page')).body.code).toBe(40300);
    expect((await req('finance1', 'POST', '/supplier/v1/statement/confirm', { id: st.id })).body.code).toBe(40300);
    // malformed input is a 40000, never a 500
    expect((await req('finance1', 'POST', '/mall/v1/statement/generate', { supplierId: 'x', month: '2026-13' })).body.code).toBe(40000);
    expect((await req('finance1', 'POST', '/mall/v1/check/adminCheckMoney', { bankRef: 'B', paidOn: 'x', allocations: [] })).body.code).toBe(40000);
  });

  it('PDF and Excel of a statement carry 人民币大写; only the statement’s parties get them', async () => {
    const st = await approvedStatement('阿拉丁', 9, [12_345]);
    const session = await as('finance1');
    const pdfRes = await call(t.app, 'GET', `/mall/v1/statement/pdf/${st.id}`, { session });
    expect(pdfRes.status).toBe(200);
    expect(pdfRes.raw.headers['content-type']).toContain('application/pdf');
    expect(pdfRes.raw.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    const xlsx = await call(t.app, 'GET', `/supplier/v1/statement/excel/${st.id}`, { session: await as('supplier2') });
    expect(xlsx.status).toBe(200);
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.raw.rawPayload as never);
    const texts: string[] = [];
    wb.worksheets[0].eachRow((r) => r.eachCell((c) => texts.push(String(c.value))));
    expect(texts.some((x) => x.startsWith('人民币') && x.endsWith('整'))).toBe(true);
    expect((await call(t.app, 'GET', `/supplier/v1/statement/pdf/${st.id}`, { session: await as('supplier1') })).status).toBe(404);
  });
});
