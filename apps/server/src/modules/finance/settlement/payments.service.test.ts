import { Perm } from '@kc/contracts/platform/permissions';
import type { Transaction } from 'kysely';
import { describe, expect, it } from 'vitest';
import { fakeCaller } from '../../../../test/support/service-fakes.ts';
import type { Caller } from '../../../platform/auth/access.ts';
import type { DB } from '../../../platform/db/schema.ts';
import { type PaymentInput, type PaymentStatements, PaymentsService, type PaymentsStore } from './payments.service.ts';
import type { StatementRow } from './statements.repository.ts';

/**
 * The rules of paying statements (adminCheckMoney, and the finance system's settleBillBatch through
 * recordIn) on an in-memory store: a payment never takes a statement past what it owes, paying it
 * in full marks it paid, each sub-order draws on its grant card once (when the payments have
 * covered its line), and lines under complaint are not paid (docs/STATEMENT-STATES.md §3, §3a, §5).
 * No database: apps/server/test/settlement-admin.test.ts and statements.test.ts run the same on
 * SQLite and PostgreSQL, concurrent payments included.
 */

const INST = 1;
const SUP = 7;
const OTHER_SUP = 8;

const caller = (o: Partial<Caller>): Caller =>
  fakeCaller({ userId: 3, userName: 'finance1', instituteId: INST, perms: new Set([Perm.SETTLE_FINANCE]), dataScope: 'institute', ...o });
/** 财务 of INST */
const FINANCE = { caller: caller({}), ip: '127.0.0.1' };
const OTHER_FINANCE = { caller: caller({ userId: 4, instituteId: 2 }), ip: '127.0.0.1' };
const SUPPLIER = { caller: caller({ userId: 70, accountType: 2, supplierId: SUP, instituteId: null, perms: new Set() }), ip: '127.0.0.1' };

// ── builders ─────────────────────────────────────────────────────────────
interface StatementSpec {
  /** the live lines in line order: [sub-order id, amount] (a negative amount: a refund line) */
  lines: [number, number][];
  /** deductions in fen: net = gross − deductions */
  deductions?: number;
  status?: string;
  paid?: number;
  supplier?: number;
  institute?: number;
}
/** 对账单 `id` (DZ2025110000<id>) of SUP for INST, approved by finance unless told otherwise. */
const statement = (id: number, o: StatementSpec) => {
  const gross = o.lines.reduce((a, [, amount]) => a + amount, 0);
  const row: StatementRow = {
    id,
    statement_no: `DZ202511${String(id).padStart(6, '0')}`,
    institute_id: o.institute ?? INST,
    supplier_id: o.supplier ?? SUP,
    month: '2025-11',
    period_start: '2025-10-31T16:00:00.000Z',
    period_end: '2025-11-30T16:00:00.000Z',
    status: o.status ?? 'finance_approved',
    live: 1,
    line_count: o.lines.length,
    gross_amount: gross,
    deduction_amount: o.deductions ?? 0,
    net_amount: gross - (o.deductions ?? 0),
    paid_amount: o.paid ?? 0,
    last_reason: null,
    created_by: 3,
    created_at: '2025-12-01T00:00:00.000Z',
    updated_at: '2025-12-01T00:00:00.000Z',
  };
  return { row, lines: o.lines.map(([subId, amount]) => ({ statement_id: id, sub_order_id: subId, amount })) };
};
type Statement = ReturnType<typeof statement>;

/** A payment of `allocations` ([statement id, fen]) with bank reference `bankRef`. */
const pay = (bankRef: string, ...allocations: [number, number][]): PaymentInput => ({
  bankRef,
  paidOn: '2025-12-05',
  allocations: allocations.map(([statementId, amount]) => ({ statementId, amount })),
});

interface State {
  statements: Map<number, StatementRow>;
  payments: { id: number; payment_no: string; bank_ref: string; amount: number }[];
  allocations: { payment_id: number; statement_id: number; amount: number }[];
  logs: { statement_id: number; actor: string; from_status: string; to_status: string; reason: string | null }[];
  /** grant-card draws through grantCards.within(trx) */
  draws: { subIds: number[]; ref: string | null | undefined; trx: number }[];
  notices: { statementNo: string; amount: number; trx: number }[];
  audits: { action: string; trx: number }[];
}

/** A transaction as the service sees it: opaque, except for the audit row written on it. */
function fakeTrx(n: number, state: () => State) {
  return {
    n,
    insertInto: (table: string) => ({
      values: (v: { action: string }) => ({
        execute: async () => {
          if (table !== 'audit_log') throw new Error(`unexpected write to ${table} in a service test`);
          state().audits.push({ action: v.action, trx: n });
        },
      }),
    }),
  } as unknown as Transaction<DB>;
}
const trxNo = (trx: Transaction<DB>) => (trx as unknown as { n: number }).n;

function world(list: Statement[], o: { held?: number[] } = {}) {
  const lines = list.flatMap((s) => s.lines);
  const held = new Set(o.held ?? []);
  let state: State = {
    statements: new Map(list.map((s) => [s.row.id, { ...s.row }])),
    payments: [],
    allocations: [],
    logs: [],
    draws: [],
    notices: [],
    audits: [],
  };
  let trxCount = 0;
  /** each positive line with the running total of its statement's positive lines up to it */
  const cum = (statementId: number) => {
    let total = 0;
    return lines
      .filter((l) => l.statement_id === statementId)
      .map((l) => {
        total += l.amount > 0 ? l.amount : 0;
        return { ...l, cum_end: total };
      });
  };
  const inReach = (s: StatementRow, r: { instituteId: number | null; supplierId: number | null }) =>
    (r.instituteId === null || s.institute_id === r.instituteId) && (r.supplierId === null || s.supplier_id === r.supplierId);

  const statements: PaymentStatements = {
    within: () => statements,
    async statement(id, reach) {
      const s = state.statements.get(id);
      if (!s || !inReach(s, reach)) return undefined;
      return { ...s, supplier_name: '国药', supplier_credit_code: '91110000100000000X', institute_name: '化学研究所', disputed_count: 0 };
    },
    async writeLog(v) {
      state.logs.push({ statement_id: v.statement_id, actor: v.actor, from_status: v.from_status, to_status: v.to_status, reason: v.reason });
    },
    async heldLines(reach, f, statuses) {
      return [...state.statements.values()]
        .filter((s) => statuses.includes(s.status) && inReach(s, reach) && (!f.statementIds || f.statementIds.includes(s.id)))
        .flatMap((s) =>
          cum(s.id)
            .filter((l) => l.amount > 0 && held.has(l.sub_order_id))
            .map((l) => ({
              ...l,
              statement_no: s.statement_no,
              status: s.status,
              supplier_id: s.supplier_id,
              institute_id: s.institute_id,
              paid_amount: s.paid_amount,
              gross_amount: s.gross_amount,
              net_amount: s.net_amount,
              sub_no: `S${l.sub_order_id}`,
            })),
        );
    },
  };

  const store: PaymentsStore = {
    async inTransaction(fn) {
      const before = structuredClone(state);
      try {
        return await fn(
          store,
          fakeTrx(++trxCount, () => state),
        );
      } catch (e) {
        state = before;
        throw e;
      }
    },
    within: () => store,
    async insertPayment(v) {
      if (state.payments.some((p) => p.bank_ref === v.bank_ref))
        throw Object.assign(new Error('UNIQUE constraint failed: settle_payment.bank_ref'), { code: 'SQLITE_CONSTRAINT_UNIQUE' });
      const id = state.payments.length + 1;
      const paymentNo = `FK${v.paid_on.replaceAll('-', '')}${String(id).padStart(6, '0')}`;
      state.payments.push({ id, payment_no: paymentNo, bank_ref: v.bank_ref, amount: v.amount });
      return { id, paymentNo };
    },
    // the repository's conditional UPDATE: within the net, of this institute and supplier, payable
    async allocate(paymentId, statementId, instituteId, supplierId, amount, payable) {
      const s = state.statements.get(statementId);
      if (!s || s.institute_id !== instituteId || s.supplier_id !== supplierId || !payable.includes(s.status)) return false;
      if (s.paid_amount + amount > s.net_amount) return false;
      s.paid_amount += amount;
      s.status = s.paid_amount === s.net_amount ? 'paid' : 'partially_paid';
      state.allocations.push({ payment_id: paymentId, statement_id: statementId, amount });
      return true;
    },
    async newlyPaidSubs(statementId, before, after) {
      return cum(statementId)
        .filter((l) => l.amount > 0 && l.cum_end > before && l.cum_end <= after)
        .map((l) => l.sub_order_id);
    },
    async owed(_reach, _f, approved) {
      const rows = new Map<string, { supplier_id: number; institute_id: number; n: number; net: number; paid: number }>();
      for (const s of state.statements.values()) {
        if (!approved.includes(s.status)) continue;
        const key = `${s.supplier_id}:${s.institute_id}`;
        const r = rows.get(key) ?? { supplier_id: s.supplier_id, institute_id: s.institute_id, n: 0, net: 0, paid: 0 };
        rows.set(key, { ...r, n: r.n + 1, net: r.net + s.net_amount, paid: r.paid + s.paid_amount });
      }
      return [...rows.values()].map((r) => ({ ...r, company_name: '国药', institute_name: '化学研究所' }));
    },
    async settledPage() {
      throw new Error('not used here');
    },
    async paymentPage() {
      throw new Error('not used here');
    },
  };

  const svc = new PaymentsService(
    store,
    statements,
    {
      async paid(trx, s, amount) {
        state.notices.push({ statementNo: s.statement_no, amount, trx: trxNo(trx) });
      },
    },
    {
      within: (trx) => ({
        async drawSubOrders(ids, ref = {}) {
          state.draws.push({ subIds: [...ids], ref: ref.ref, trx: trxNo(trx) });
          return ids.length;
        },
      }),
    },
  );
  return {
    svc,
    get state() {
      return state;
    },
    statement: (id: number) => state.statements.get(id)!,
    /** every sub-order drawn so far, in order */
    drawn: () => state.draws.flatMap((d) => d.subIds),
  };
}

// ── tests ────────────────────────────────────────────────────────────────
/** three lines (S11 ¥30, S12 ¥50, S13 ¥20) less a ¥5 deduction: ¥95 owed */
const three = (id = 1, o: Partial<StatementSpec> = {}) =>
  statement(id, {
    lines: [
      [11, 3_000],
      [12, 5_000],
      [13, 2_000],
    ],
    deductions: 500,
    ...o,
  });

describe('PaymentsService: what a payment may pay', () => {
  it('never takes a statement past what it owes; a refused payment leaves nothing behind', async () => {
    const w = world([three(1), statement(2, { lines: [[21, 1_000]] })]);
    await w.svc.record(FINANCE, pay('B1', [1, 6_000]));
    expect(w.statement(1)).toMatchObject({ status: 'partially_paid', paid_amount: 6_000 });

    // allocations to one statement count together
    await expect(w.svc.record(FINANCE, pay('B2', [1, 2_000], [1, 2_000]))).rejects.toMatchObject({
      code: 40000,
      message: '对账单 DZ202511000001 未付金额为 ¥35.00，本次付款 ¥40.00 超过未付金额',
    });
    // one statement over its net refuses the whole payment, the other statement's part too
    await expect(w.svc.record(FINANCE, pay('B3', [2, 1_000], [1, 3_501]))).rejects.toMatchObject({ code: 40000 });
    expect([w.statement(1).paid_amount, w.statement(2).paid_amount]).toEqual([6_000, 0]);
    expect(w.state.payments.map((p) => p.bank_ref)).toEqual(['B1']);
    expect(w.state.allocations).toHaveLength(1);

    await w.svc.record(FINANCE, pay('B4', [1, 3_500]));
    expect(w.statement(1)).toMatchObject({ status: 'paid', paid_amount: 9_500 });
    await expect(w.svc.record(FINANCE, pay('B5', [1, 1]))).rejects.toMatchObject({
      code: 40009,
      message: '对账单 DZ202511000001 尚未经财务审核或已付清，不能付款',
    });
  });

  it('pays only approved statements of one institute and one supplier, each bank reference once', async () => {
    const w = world([
      three(1),
      three(2, { status: 'supplier_confirmed' }),
      statement(3, { lines: [[31, 1_000]], supplier: OTHER_SUP }),
      statement(4, { lines: [[41, 1_000]], institute: 2 }),
    ]);
    await expect(w.svc.record(FINANCE, pay('B1', [2, 100]))).rejects.toMatchObject({ code: 40009 });
    await expect(w.svc.record(FINANCE, pay('B1', [1, 100], [3, 100]))).rejects.toMatchObject({
      code: 40000,
      message: '一笔付款只能支付同一单位、同一供应商的对账单',
    });
    await expect(w.svc.record(FINANCE, pay('B1', [4, 100]))).rejects.toMatchObject({ code: 404 });
    await expect(w.svc.record(SUPPLIER, pay('B1', [1, 100]))).rejects.toMatchObject({ code: 40300 });
    await expect(w.svc.record(OTHER_FINANCE, pay('B1', [1, 100]))).rejects.toMatchObject({ code: 404 });
    await w.svc.record(FINANCE, pay('B1', [1, 100]));
    await expect(w.svc.record(FINANCE, pay('B1', [1, 100]))).rejects.toMatchObject({ code: 40000, message: '银行流水号 B1 已登记过付款' });
    expect(w.statement(1).paid_amount).toBe(100);
  });
});

describe('PaymentsService: paid in full, drawn once', () => {
  it('draws each sub-order on its grant card once, when the payments have covered its line', async () => {
    const w = world([three(1)]);
    const first = await w.svc.record(FINANCE, pay('B1', [1, 3_000]));
    expect(first).toMatchObject({ amount: 3_000, paidSubOrders: 1 });
    expect(w.state.draws).toEqual([{ subIds: [11], ref: `payment:${first.paymentNo}`, trx: 1 }]);

    await w.svc.record(FINANCE, pay('B2', [1, 4_000])); // covers ¥70 of S12's ¥80 end: nothing new
    expect(w.drawn()).toEqual([11]);

    // the last payment settles the deduction with it: every line is paid, S12 and S13 draw now
    await w.svc.record(FINANCE, pay('B3', [1, 2_500]));
    expect(w.statement(1)).toMatchObject({ status: 'paid', paid_amount: 9_500 });
    expect(w.drawn()).toEqual([11, 12, 13]);
    expect(w.state.draws.map((d) => d.trx)).toEqual([1, 2, 3]);
    expect(w.state.logs.map((l) => `${l.from_status}→${l.to_status}`)).toEqual([
      'finance_approved→partially_paid',
      'partially_paid→partially_paid',
      'partially_paid→paid',
    ]);
    expect(w.state.logs[0].reason).toBe(`${first.paymentNo} 银行流水号 B1 付款 ¥30.00`);
    expect(w.state.notices.map((n) => n.amount)).toEqual([3_000, 4_000, 2_500]);
    expect(w.state.audits.map((a) => a.action)).toEqual(['statement.payment', 'statement.payment', 'statement.payment']);
  });

  it('settles refund lines with the last payment, drawing only the accepted sub-orders', async () => {
    const w = world([
      statement(1, {
        lines: [
          [11, 3_000],
          [12, 2_000],
          [11, -1_000], // 售后退款 of S11
        ],
      }),
    ]);
    await w.svc.record(FINANCE, pay('B1', [1, 4_000]));
    expect(w.statement(1).status).toBe('paid');
    expect(w.state.draws).toEqual([expect.objectContaining({ subIds: [11, 12] })]);
  });
});

describe('PaymentsService: 投诉处理中', () => {
  it('pays up to a line under complaint and no further, and leaves it out of what is owed', async () => {
    const w = world([three(1)], { held: [12] });
    await expect(w.svc.record(FINANCE, pay('B1', [1, 4_000]))).rejects.toMatchObject({
      code: 40000,
      message: '对账单 DZ202511000001 中的子订单 S12 投诉处理中，暂停结算付款；本次最多可付 ¥30.00',
    });
    expect(w.state.payments).toEqual([]);
    await w.svc.record(FINANCE, pay('B2', [1, 3_000]));
    expect(w.drawn()).toEqual([11]);
    await expect(w.svc.record(FINANCE, pay('B3', [1, 100]))).rejects.toMatchObject({
      message: '对账单 DZ202511000001 中的子订单 S12 投诉处理中，暂停结算付款，请在投诉办结后再付款',
    });
    expect(w.drawn()).toEqual([11]);

    // what is owed leaves the held line's unpaid part apart
    expect(await w.svc.owed(FINANCE.caller, {})).toEqual([
      expect.objectContaining({ supplierId: SUP, instituteId: INST, netAmount: 9_500, paidAmount: 3_000, owedAmount: 1_500, heldAmount: 5_000 }),
    ]);
  });
});
