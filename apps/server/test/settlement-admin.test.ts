import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '../src/platform/auth/tokens.ts';
import { createTestApp, type TestApp } from './support/harness.ts';
import { lookups } from './support/lookups.ts';
import { call, demoSessions } from './support/sessions.ts';
import { acceptedInMonth, settlementCalls, supplierIdOf } from './support/settlement-fixtures.ts';

let t: TestApp;
const { as, req } = demoSessions(() => t);
const { instituteId } = lookups(() => t);
const db = () => t.ctx.database.db;
const s = settlementCalls(req);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** An approved statement for ICCAS or SIMM (made by that institute's finance). */
async function approved(supplier: '国药' | '阿拉丁' | '麦克林', monthsBack: number, amounts: number[], institute: 'ICCAS' | 'SIMM' = 'ICCAS') {
  const fin = institute === 'ICCAS' ? 'finance1' : 'finance2';
  const made = await acceptedInMonth(db(), { supplier, monthsBack, amounts, institute });
  const g = await s.generate(fin, { supplierId: await supplierIdOf(db(), supplier), month: made.month });
  expect(g.body.code).toBe(200);
  const id = g.body.data.id as number;
  await s.move(fin, 'send', id);
  await s.confirm(supplier === '国药' ? 'supplier1' : supplier === '阿拉丁' ? 'supplier2' : 'supplier3', id);
  await s.move(fin, 'approve', id);
  const d = (await s.detail(fin, id)).body.data;
  return { id, no: d.statementNo as string, net: d.netAmount as number, made };
}

/** An API client of an institute's finance system, as the platform would issue it. */
async function financeSystemClient(clientId: string, institute: string | null) {
  const secret = `secret-${clientId}`;
  const signKey = `sign-${clientId}`;
  await db()
    .insertInto('api_client')
    .values({
      client_id: clientId,
      secret_hash: sha256Hex(secret),
      sign_key: signKey,
      name: `${clientId} 财务系统`,
      status: 1,
      created_at: new Date().toISOString(),
      institute_id: institute ? await instituteId(institute) : null,
      scopes: JSON.stringify(['zkpd.settleBillBatch']),
    })
    .execute();
  return (body: unknown) =>
    call(t.app, 'POST', '/mall/v1/api-order/zkpd/settleBillBatch', {
      json: body,
      authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`,
      signKey,
    });
}

describe('what suppliers are owed and what was settled', () => {
  it('adminCheckSupplierMoney, adminCheckMoney, adminHasCheckMoney and adminHasCheckMoneyData agree, per institute', async () => {
    const a = await approved('国药', 2, [10_000, 25_000]);
    const b = await approved('国药', 2, [40_000], 'SIMM');
    const gy = await supplierIdOf(db(), '国药');
    const owedOf = async (user: string, q = '') =>
      (await req(user, 'GET', `/mall/v1/check/adminCheckSupplierMoney?supplierId=${gy}${q}`)).body.data as { instituteName: string; owedAmount: number }[];

    const mine = await owedOf('finance1');
    expect(mine.map((r) => r.instituteName)).toEqual(['中国科学院化学研究所']);
    const before = mine[0].owedAmount;
    expect(before).toBeGreaterThanOrEqual(a.net);
    const all = await owedOf('admin');
    expect(all.length).toBe(2);

    const pay = await s.pay('admin', 'ADMIN-BANK-0001', [{ statementId: a.id, amount: 15_000 }]);
    expect(pay.body.code).toBe(200);
    expect((await owedOf('finance1'))[0].owedAmount).toBe(before - 15_000);
    // one payment may not span institutes
    const mixed = await s.pay('admin', 'ADMIN-BANK-0002', [
      { statementId: a.id, amount: 1 },
      { statementId: b.id, amount: 1 },
    ]);
    expect(mixed.body.code).toBe(40000);

    const summary = (await req('finance1', 'GET', `/mall/v1/check/adminHasCheckMoney?supplierId=${gy}`)).body.data;
    expect(summary.records).toEqual([expect.objectContaining({ supplierId: gy, paymentCount: 1, paidAmount: 15_000, lastPaidOn: '2026-11-20' })]);
    const data = (await req('finance1', 'GET', `/mall/v1/check/adminHasCheckMoneyData?supplierId=${gy}`)).body.data;
    expect(data.records[0]).toMatchObject({
      bankRef: 'ADMIN-BANK-0001',
      amount: 15_000,
      source: 'manual',
      statements: [{ statementId: a.id, amount: 15_000 }],
    });
    // SIMM's finance sees none of ICCAS's settlements
    expect((await req('finance2', 'GET', `/mall/v1/check/adminHasCheckMoneyData?supplierId=${gy}`)).body.data.records).toEqual([]);
    // institute finance cannot ask for another institute
    expect((await req('finance1', 'GET', `/mall/v1/checkRule/detail?instituteId=${await instituteId('SIMM')}`)).status).toBe(404);
    // the admin names the institute to generate for
    expect((await s.generate('admin', { supplierId: gy, month: '2026-01' })).body.code).toBe(40000);
    // wrong roles
    for (const user of ['buyer1', 'supplier1', 'leader1']) expect((await req(user, 'GET', '/mall/v1/check/adminCheckSupplierMoney')).body.code).toBe(40300);
  });
});

describe('checkRule', () => {
  it('finance keeps its own rule, the admin any institute’s; bad rules are refused', async () => {
    const d0 = (await req('finance2', 'GET', '/mall/v1/checkRule/detail')).body.data;
    expect(d0).toMatchObject({ saved: false, cutoffDay: 0, countStates: ['completed', 'refunded'] });
    const simm = await instituteId('SIMM');
    const saved = await req('admin', 'POST', '/mall/v1/checkRule/save', {
      instituteId: simm,
      period: 'monthly',
      cutoffDay: 25,
      countStates: ['completed'],
      deductions: [{ name: '服务费', kind: 'percent', value: 50 }],
    });
    expect(saved.body.data).toMatchObject({ instituteId: simm, saved: true, cutoffDay: 25 });
    expect((await req('finance2', 'GET', '/mall/v1/checkRule/list')).body.data).toHaveLength(1);
    expect((await req('admin', 'GET', '/mall/v1/checkRule/list')).body.data.length).toBeGreaterThan(1);
    for (const bad of [
      { period: 'monthly', cutoffDay: 31, countStates: ['completed'], deductions: [] },
      { period: 'weekly', cutoffDay: 0, countStates: ['completed'], deductions: [] },
      { period: 'monthly', cutoffDay: 0, countStates: [], deductions: [] },
      { period: 'monthly', cutoffDay: 0, countStates: ['completed'], deductions: [{ name: '比例', kind: 'percent', value: 10_001 }] },
    ])
      expect((await req('finance1', 'POST', '/mall/v1/checkRule/save', bad)).body.code).toBe(40000);
    expect(
      (await req('buyer1', 'POST', '/mall/v1/checkRule/save', { period: 'monthly', cutoffDay: 0, countStates: ['completed'], deductions: [] })).body.code,
    ).toBe(40300);
  });
});

describe('settlement freeze', () => {
  it('no statement is generated inside the institute’s freeze window', async () => {
    const simm = await instituteId('SIMM');
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(5, 10);
    await db()
      .insertInto('claim_setting')
      .values({ institute_id: simm, freeze_from: today, freeze_to: today, updated_by: null, updated_at: new Date().toISOString() })
      .execute();
    const made = await acceptedInMonth(db(), { supplier: '阿拉丁', monthsBack: 6, amounts: [1_000], institute: 'SIMM' });
    const g = await s.generate('finance2', { supplierId: await supplierIdOf(db(), '阿拉丁'), month: made.month });
    expect(g.body.code).toBe(40000);
    expect(g.body.message).toContain('结账期间');
    await db().deleteFrom('claim_setting').where('institute_id', '=', simm).execute();
    expect((await s.generate('finance2', { supplierId: await supplierIdOf(db(), '阿拉丁'), month: made.month })).body.code).toBe(200);
  });
});

describe('zkpd settleBillBatch', () => {
  it('pays the institute’s statements once; a repeated batch changes nothing and says so', async () => {
    const st = await approved('阿拉丁', 3, [20_000, 30_000]);
    const send = await financeSystemClient('iccas-fin', 'ICCAS');
    const batch = { batchNo: 'ZKPD-20261120-01', bills: [{ statementNo: st.no, amount: 20_000, bankRef: 'ZK-BANK-0001', paidOn: '2026-11-20' }] };
    const first = await send(batch);
    expect(first.body.code).toBe(200);
    expect(first.body.data).toMatchObject({
      repeated: false,
      bills: [{ statementNo: st.no, amount: 20_000, statementPaid: 20_000, status: 'partially_paid' }],
    });
    const count = async () =>
      Number(
        (
          await db()
            .selectFrom('settle_payment')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const payments = await count();
    const again = await send(batch);
    expect(again.body.code).toBe(200);
    expect(again.body.data.repeated).toBe(true);
    expect(again.body.message).toContain('未做任何更改');
    expect(again.body.data.bills).toEqual(first.body.data.bills);
    expect(await count()).toBe(payments);
    const row = await db().selectFrom('statement').select('paid_amount').where('id', '=', st.id).executeTakeFirstOrThrow();
    expect(Number(row.paid_amount)).toBe(20_000);
    // shown as paid through the API in the detail
    expect((await s.detail('finance1', st.id)).body.data.payments).toEqual([expect.objectContaining({ bankRef: 'ZK-BANK-0001', source: 'api' })]);

    // a bad bill rolls the whole batch back (and the batch number stays free)
    const bad = await send({
      batchNo: 'ZKPD-20261120-02',
      bills: [
        { statementNo: st.no, amount: 1_000, bankRef: 'ZK-BANK-0002', paidOn: '2026-11-20' },
        { statementNo: st.no, amount: 999_999, bankRef: 'ZK-BANK-0003', paidOn: '2026-11-20' },
      ],
    });
    expect(bad.body.code).toBe(40000);
    expect(await count()).toBe(payments);
  });

  it('the same batch sent five times at once is applied once', async () => {
    const st = await approved('国药', 4, [9_000]);
    const send = await financeSystemClient('iccas-fin-par', 'ICCAS');
    const batch = { batchNo: 'ZKPD-PAR-01', bills: [{ statementNo: st.no, amount: 9_000, bankRef: 'ZK-PAR-0001', paidOn: '2026-11-21' }] };
    const all = await Promise.all(Array.from({ length: 5 }, () => send(batch)));
    expect(all.map((r) => r.body.code)).toEqual([200, 200, 200, 200, 200]);
    expect(all.filter((r) => r.body.data.repeated === false)).toHaveLength(1);
    const row = await db().selectFrom('statement').select(['paid_amount', 'status']).where('id', '=', st.id).executeTakeFirstOrThrow();
    expect({ paid: Number(row.paid_amount), status: row.status }).toEqual({ paid: 9_000, status: 'paid' });
  });

  it('serves only API clients bound to an institute, and only that institute’s statements', async () => {
    const simm = await approved('麦克林', 3, [5_000], 'SIMM');
    const iccas = await financeSystemClient('iccas-fin-2', 'ICCAS');
    const unbound = await financeSystemClient('nobody-fin', null);
    const bill = { batchNo: 'B-1', bills: [{ statementNo: simm.no, amount: 100, bankRef: 'ZK-BANK-9001', paidOn: '2026-11-20' }] };
    expect((await iccas(bill)).status).toBe(404);
    expect((await unbound(bill)).body.code).toBe(40300);
    // the web client's credential and a logged-in user are refused
    expect((await call(t.app, 'POST', '/mall/v1/api-order/zkpd/settleBillBatch', { json: bill })).body.code).toBe(40300);
    expect((await call(t.app, 'POST', '/mall/v1/api-order/zkpd/settleBillBatch', { json: bill, session: await as('finance2') })).body.code).toBe(40300);
    expect((await iccas({ batchNo: '', bills: [] })).body.code).toBe(40000);
  });
});
