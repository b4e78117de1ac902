import type { SubOrderMatch } from '@kc/contracts/finance/invoices-match';
import { Perm } from '@kc/contracts/platform/permissions';
import type { Transaction } from 'kysely';
import { describe, expect, it } from 'vitest';
import { fakeCaller } from '../../../../test/support/service-fakes.ts';
import type { Caller } from '../../../platform/auth/access.ts';
import type { DB } from '../../../platform/db/schema.ts';
import { fail } from '../../../platform/http/errors.ts';
import { reachOf } from './reach.ts';
import { DEFAULT_RULE, type Rule } from './settle-rules.ts';
import type { StatementDeductionRow, StatementLineRow, StatementRead, StatementRow } from './statements.repository.ts';
import { StatementsService, type StatementsStore } from './statements.service.ts';

/**
 * The rules of 对账单 on an in-memory store: which sub-orders a statement takes, what it totals,
 * who moves it (finance sends and approves, the supplier confirms or disputes lines), what a
 * dispute reopens, and how a statement below 0 carries its credit into the next ones
 * (docs/STATEMENT-STATES.md). No database: the HTTP tests (apps/server/test/statements.test.ts,
 * statement-credit.test.ts) run the same on SQLite and PostgreSQL. Payments: payments.service.test.ts.
 */

const INST = 1;
const SUP = 7; // 国药
const OTHER_SUP = 8;

const caller = (o: Partial<Caller>): Caller =>
  fakeCaller({ userId: 3, userName: 'finance1', instituteId: INST, perms: new Set([Perm.SETTLE_FINANCE]), dataScope: 'institute', ...o });
/** 财务 of INST */
const FINANCE = { caller: caller({}), ip: '127.0.0.1' };
/** the supplier's account (国药) */
const SUPPLIER = {
  caller: caller({ userId: 70, userName: 'supplier1', accountType: 2, supplierId: SUP, instituteId: null, perms: new Set() }),
  ip: '127.0.0.1',
};
/** a buyer: no settlement permission */
const BUYER = { caller: caller({ userId: 20, perms: new Set() }), ip: '127.0.0.1' };

/** a move refused before it starts (the moves check the caller synchronously) as a rejection */
const tried = (f: () => Promise<unknown>) => Promise.resolve().then(f);

// ── builders ─────────────────────────────────────────────────────────────
/** Shanghai noon of a day, as the order log stores it. */
const on = (day: string) => new Date(`${day}T12:00:00+08:00`).toISOString();

interface SubSpec {
  amount: number;
  /** the day (Shanghai) it reached its state */
  done: string;
  status?: string;
  supplier?: number;
  institute?: number;
  /** invoiced fen (the match) */
  invoiced?: number;
}
/** 子订单 `id` (S<id> of order PO<id>) of SUP for INST: accepted (completed) on `done` unless told otherwise. */
const sub = (id: number, o: SubSpec) => ({
  id,
  sub_no: `S${id}`,
  order_no: `PO${id}`,
  status: o.status ?? 'completed',
  total_amount: o.amount,
  supplier_id: o.supplier ?? SUP,
  institute_id: o.institute ?? INST,
  done_at: on(o.done),
  invoiced: o.invoiced ?? 0,
});
type Sub = ReturnType<typeof sub>;
/** 售后退款 of an accepted sub-order, made on `done` */
const refund = (id: number, subId: number, amount: number, done: string) => ({ id, sub_order_id: subId, amount, done_at: on(done), ref: `SH${id}` });
type Refund = ReturnType<typeof refund>;

interface State {
  statements: Map<number, StatementRow>;
  lines: StatementLineRow[];
  deductions: StatementDeductionRow[];
  logs: { statement_id: number; actor: string; action: string; from_status: string; to_status: string; reason: string | null }[];
  audits: { action: string; target: string | null; trx: number }[];
  notices: { kind: 'sent' | 'answered'; statementNo: string; detail: string; trx: number }[];
  locked: number[];
}

/** A transaction as the service sees it: opaque, except for the audit row written on it. */
function fakeTrx(n: number, state: () => State) {
  return {
    n,
    insertInto: (table: string) => ({
      values: (v: { action: string; target: string | null }) => ({
        execute: async () => {
          if (table !== 'audit_log') throw new Error(`unexpected write to ${table} in a service test`);
          state().audits.push({ action: v.action, target: v.target, trx: n });
        },
      }),
    }),
  } as unknown as Transaction<DB>;
}
const trxNo = (trx: Transaction<DB>) => (trx as unknown as { n: number }).n;
const uniqueViolation = (what: string) => Object.assign(new Error(`UNIQUE constraint failed: ${what}`), { code: 'SQLITE_CONSTRAINT_UNIQUE' });

function world(o: { subs: Sub[]; refunds?: Refund[]; rule?: Partial<Rule>; held?: number[]; frozen?: boolean }) {
  const subById = new Map(o.subs.map((s) => [s.id, s]));
  const refundById = new Map((o.refunds ?? []).map((r) => [r.id, r]));
  const rule: Rule = { ...DEFAULT_RULE, ...o.rule };
  const held = new Set(o.held ?? []);
  let state: State = { statements: new Map(), lines: [], deductions: [], logs: [], audits: [], notices: [], locked: [] };
  let seq = 0;
  let trxCount = 0;
  /** what another request commits while generation waits for its locks */
  let meanwhile: (() => void) | null = null;
  /** what the rules service was asked for generation: the states and period end the lines were taken with */
  const asked: { states: readonly string[]; periodEnd: string }[] = [];
  const now = () => new Date().toISOString();
  const live = (statementId: number) => state.lines.filter((l) => l.statement_id === statementId && l.live === 1);
  const ownLineLive = (subId: number) => state.lines.some((l) => l.sub_order_id === subId && l.live === 1 && l.refund_id === null);
  const read = (s: StatementRow): StatementRead => ({
    ...s,
    supplier_name: s.supplier_id === SUP ? '国药' : '阿拉丁',
    supplier_credit_code: '91110000100000000X',
    institute_name: '化学研究所',
    disputed_count: live(s.id).filter((l) => l.dispute === 'disputed').length,
  });
  const carriesOf = (sourceId: number) =>
    state.deductions.filter((d) => d.kind === 'carry' && d.source_statement_id === sourceId && state.statements.get(d.statement_id)?.live === 1);
  const line = (v: Omit<StatementLineRow, 'id' | 'live' | 'dispute' | 'dispute_reason' | 'correction_note' | 'created_at'>): StatementLineRow => ({
    ...v,
    id: ++seq,
    live: 1,
    dispute: 'none',
    dispute_reason: null,
    correction_note: null,
    created_at: now(),
  });

  const store: StatementsStore = {
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
    async doneOrderPage() {
      throw new Error('not used here');
    },
    async heldAmong(ids) {
      return new Set(ids.filter((id) => held.has(id)));
    },
    async page() {
      throw new Error('not used here');
    },
    async statement(id, reach) {
      const s = state.statements.get(id);
      if (!s) return undefined;
      if (reach.instituteId !== null && s.institute_id !== reach.instituteId) return undefined;
      if (reach.supplierId !== null && (s.supplier_id !== reach.supplierId || ['draft', 'cancelled'].includes(s.status))) return undefined;
      return read(s);
    },
    async linePage(statementId, f) {
      let cum = 0;
      const rows = state.lines
        .filter((l) => l.statement_id === statementId)
        .map((l) => {
          cum += l.live === 1 && l.amount > 0 ? l.amount : 0;
          const s = subById.get(l.sub_order_id)!;
          return {
            ...l,
            cum_end: cum,
            sub_no: s.sub_no,
            order_no: s.order_no,
            refund_no: l.refund_id ? (refundById.get(l.refund_id)?.ref ?? null) : null,
            claimed: 0,
          };
        })
        .filter((l) => (f.includeRemoved || l.live === 1) && (!f.disputedOnly || l.dispute !== 'none'));
      return { rows, total: rows.length };
    },
    async line(statementId, lineId) {
      return live(statementId).find((l) => l.id === lineId);
    },
    async deductions(statementId) {
      return state.deductions.filter((d) => d.statement_id === statementId);
    },
    async log() {
      return [];
    },
    async allocations() {
      return [];
    },
    async carriedTo(sourceId) {
      return carriesOf(sourceId).map((d) => {
        const t = state.statements.get(d.statement_id)!;
        return { id: t.id, statement_no: t.statement_no, month: t.month, amount: d.amount };
      });
    },
    supplierExists: async (id) => id === SUP || id === OTHER_SUP,
    async openDisputes(statementId) {
      return live(statementId).filter((l) => l.dispute === 'disputed').length;
    },
    async insertStatement(v) {
      const taken = [...state.statements.values()].some(
        (s) => s.live === 1 && s.institute_id === v.institute_id && s.supplier_id === v.supplier_id && s.month === v.month,
      );
      if (taken) throw uniqueViolation('statement.live');
      const id = ++seq;
      const statementNo = `DZ${v.month.replace('-', '')}${String(id).padStart(6, '0')}`;
      state.statements.set(id, {
        ...v,
        id,
        statement_no: statementNo,
        status: 'draft',
        live: 1,
        line_count: 0,
        gross_amount: 0,
        deduction_amount: 0,
        net_amount: 0,
        paid_amount: 0,
        last_reason: null,
        created_at: now(),
        updated_at: now(),
      });
      return { id, statementNo };
    },
    async insertLines(statementId, supplierId, instituteId, periodEnd, states) {
      asked.push({ states, periodEnd });
      for (const s of o.subs) {
        if (s.supplier_id !== supplierId || s.institute_id !== instituteId || !states.includes(s.status) || s.done_at >= periodEnd || ownLineLive(s.id))
          continue;
        const due = s.status === 'completed' ? s.total_amount : 0;
        state.lines.push(
          line({
            statement_id: statementId,
            sub_order_id: s.id,
            kind: s.status === 'completed' ? 'accepted' : 'refund',
            done_at: s.done_at,
            ordered_amount: s.total_amount,
            accepted_amount: due,
            amount: due,
            original_amount: due,
            refund_id: null,
          }),
        );
      }
      // refunds after delivery, once their sub-order's own line is on a live statement
      for (const r of refundById.values()) {
        const s = subById.get(r.sub_order_id)!;
        if (s.supplier_id !== supplierId || r.done_at >= periodEnd || !ownLineLive(s.id)) continue;
        if (state.lines.some((l) => l.refund_id === r.id && l.live === 1)) continue;
        state.lines.push(
          line({
            statement_id: statementId,
            sub_order_id: s.id,
            kind: 'refund',
            done_at: r.done_at,
            ordered_amount: 0,
            accepted_amount: 0,
            amount: -r.amount,
            original_amount: -r.amount,
            refund_id: r.id,
          }),
        );
      }
    },
    async insertDeductions(statementId, ds) {
      for (const d of ds) state.deductions.push({ id: ++seq, statement_id: statementId, ...d, amount: 0, source_statement_id: null });
    },
    async openCredits(instituteId, supplierId) {
      return [...state.statements.values()]
        .filter(
          (s) => s.institute_id === instituteId && s.supplier_id === supplierId && s.live === 1 && ['paid', 'closed'].includes(s.status) && s.net_amount < 0,
        )
        .map((s) => ({ id: s.id, statementNo: s.statement_no, left: -s.net_amount - carriesOf(s.id).reduce((a, d) => a + d.amount, 0) }))
        .filter((c) => c.left > 0);
    },
    async lock(ids) {
      meanwhile?.();
      meanwhile = null;
      state.locked.push(...ids);
    },
    async insertCarries(statementId, carries) {
      for (const c of carries)
        state.deductions.push({
          id: ++seq,
          statement_id: statementId,
          name: c.name,
          kind: 'carry',
          value: c.value,
          amount: 0,
          source_statement_id: c.sourceId,
        });
    },
    async settleCarries(statementId) {
      state.deductions = state.deductions.filter((d) => !(d.statement_id === statementId && d.kind === 'carry' && d.amount === 0));
      for (const d of state.deductions) if (d.statement_id === statementId && d.kind === 'carry') d.value = d.amount;
    },
    async lineTotals(statementId) {
      const ls = live(statementId);
      return { count: ls.length, gross: ls.reduce((a, l) => a + l.amount, 0) };
    },
    async setTotals(statementId, t) {
      for (const x of t.deductions) state.deductions.find((d) => d.id === x.id)!.amount = x.amount;
      const ded = t.deductions.reduce((a, d) => a + d.amount, 0);
      const s = state.statements.get(statementId)!;
      Object.assign(s, { line_count: t.count, gross_amount: t.gross, deduction_amount: ded, net_amount: t.gross - ded });
    },
    async move(id, from, set) {
      const s = state.statements.get(id);
      if (!s || !from.includes(s.status)) return false;
      Object.assign(s, set, { updated_at: now() });
      return true;
    },
    async writeLog(v) {
      state.logs.push({ statement_id: v.statement_id, actor: v.actor, action: v.action, from_status: v.from_status, to_status: v.to_status, reason: v.reason });
    },
    async releaseLines(statementId) {
      for (const l of state.lines) if (l.statement_id === statementId) l.live = 0;
    },
    async disputeLines(statementId, ls) {
      let n = 0;
      for (const x of ls) {
        const l = live(statementId).find((y) => y.id === x.lineId);
        if (!l) continue;
        Object.assign(l, { dispute: 'disputed', dispute_reason: x.reason });
        n++;
      }
      return n;
    },
    async resolveLine(statementId, lineId, set) {
      const l = live(statementId).find((y) => y.id === lineId && y.dispute === 'disputed');
      if (!l) return false;
      Object.assign(l, set);
      return true;
    },
  };

  const svc = new StatementsService(
    store,
    {
      instituteFor: (c, asked) => reachOf(c).instituteId ?? (asked as number),
      ruleOf: async () => rule,
      mustNotBeFrozen: async () => {
        if (o.frozen) fail('BAD_REQUEST', '本单位结账期间（12-17 至 12-31）暂停生成对账单，请在结账期后生成');
      },
    },
    {
      async sent(trx, s, again) {
        state.notices.push({ kind: 'sent', statementNo: s.statement_no, detail: again ? 'again' : 'first', trx: trxNo(trx) });
      },
      async answered(trx, s, confirmed, reason) {
        state.notices.push({ kind: 'answered', statementNo: s.statement_no, detail: confirmed ? 'confirmed' : `disputed: ${reason}`, trx: trxNo(trx) });
      },
    },
    {
      async match(ids) {
        return new Map(
          ids.map((id) => [
            id,
            {
              subOrderId: id,
              state: 'matched',
              buckets: [{ taxRate: '0.13', ordered: 0, accepted: 0, refunded: 0, invoiced: subById.get(id)?.invoiced ?? 0 }],
              problems: [],
              invoiceIds: [],
            } satisfies SubOrderMatch,
          ]),
        );
      },
    },
  );

  const page = { current: 1, size: 100 };
  return {
    svc,
    get state() {
      return state;
    },
    asked,
    /** another statement deducting `amount` of `sourceId`'s credit, committed while this generation waits for the lock */
    takenMeanwhile(sourceId: number, byStatementId: number, amount: number) {
      meanwhile = () =>
        state.deductions.push({
          id: ++seq,
          statement_id: byStatementId,
          name: '上期结转',
          kind: 'carry',
          value: amount,
          amount,
          source_statement_id: sourceId,
        });
    },
    statement: (id: number) => state.statements.get(id)!,
    /** the live lines of a statement as sub-order → amount */
    linesOf: (id: number) => live(id).map((l) => [l.sub_order_id, l.amount]),
    lineId: (id: number, subId: number) => live(id).find((l) => l.sub_order_id === subId && l.refund_id === null)!.id,
    detail: (id: number, who = FINANCE) => svc.detail(who.caller, id, page),
    generate: (month: string, supplierId = SUP) => svc.generate(FINANCE, { supplierId, month }),
    /** send → supplier confirms → finance approves */
    async approve(id: number) {
      await svc.send(FINANCE, id);
      await svc.confirm(SUPPLIER, id);
      return svc.approve(FINANCE, id);
    },
  };
}

// ── tests ────────────────────────────────────────────────────────────────
describe('StatementsService: generation', () => {
  it('takes the supplier’s accepted sub-orders of the period, totals them and applies the institute’s deductions', async () => {
    const w = world({
      subs: [
        sub(1, { amount: 12_000, done: '2025-11-03' }),
        sub(2, { amount: 8_000, done: '2025-11-30' }),
        sub(3, { amount: 400, done: '2025-10-31' }), // October's, on no statement yet: it joins this one
        sub(4, { amount: 900, done: '2025-12-01' }), // December
        sub(5, { amount: 700, done: '2025-11-10', supplier: OTHER_SUP }),
        sub(6, { amount: 300, done: '2025-11-10', institute: 2 }),
        sub(7, { amount: 400, done: '2025-11-10', status: 'delivered' }), // not accepted yet
      ],
      rule: {
        deductions: [
          { name: '平台服务费', kind: 'percent', value: 250 },
          { name: '对账手续费', kind: 'fixed', value: 100 },
        ],
      },
    });
    const g = await w.generate('2025-11');
    expect(g).toMatchObject({ lineCount: 3, grossAmount: 20_400 });
    expect(w.linesOf(g.id)).toEqual([
      [1, 12_000],
      [2, 8_000],
      [3, 400],
    ]);
    expect(w.statement(g.id)).toMatchObject({ status: 'draft', line_count: 3, gross_amount: 20_400, deduction_amount: 610, net_amount: 19_790 });
    expect(w.state.deductions.map((d) => [d.name, d.amount])).toEqual([
      ['平台服务费', 510],
      ['对账手续费', 100],
    ]);
    expect(w.state.logs).toEqual([expect.objectContaining({ action: 'generate', actor: 'finance', to_status: 'draft' })]);
    expect(w.state.audits).toEqual([{ action: 'statement.generate', target: `statement:${g.id}`, trx: 1 }]);
  });

  it('follows the institute’s cut-off day and counted states', async () => {
    const subs = [
      sub(1, { amount: 1_000, done: '2025-10-26' }),
      sub(2, { amount: 2_000, done: '2025-11-25' }),
      sub(3, { amount: 4_000, done: '2025-11-26' }), // after the 25th: December's
      sub(4, { amount: 8_000, done: '2025-11-05', status: 'refunded' }),
    ];
    const cut = world({ subs, rule: { cutoffDay: 25, countStates: ['completed', 'refunded'] } });
    const g = await cut.generate('2025-11');
    // a refunded sub-order is shown with nothing due
    expect(cut.linesOf(g.id)).toEqual([
      [1, 1_000],
      [2, 2_000],
      [4, 0],
    ]);
    expect(cut.statement(g.id).gross_amount).toBe(3_000);
    expect(cut.asked).toEqual([{ states: ['completed', 'refunded'], periodEnd: '2025-11-25T16:00:00.000Z' }]);
    const dec = await cut.generate('2025-12');
    expect(cut.linesOf(dec.id)).toEqual([[3, 4_000]]);

    const acceptedOnly = world({ subs, rule: { cutoffDay: 0, countStates: ['completed'] } });
    const all = await acceptedOnly.generate('2025-11');
    expect(acceptedOnly.linesOf(all.id)).toEqual([
      [1, 1_000],
      [2, 2_000],
      [3, 4_000],
    ]);
  });

  it('never takes a sub-order a live statement holds; a cancelled draft lets its sub-orders go', async () => {
    const w = world({ subs: [sub(1, { amount: 1_000, done: '2025-10-20' }), sub(2, { amount: 2_000, done: '2025-11-20' })] });
    const oct = await w.generate('2025-10');
    const nov = await w.generate('2025-11');
    expect(w.linesOf(nov.id)).toEqual([[2, 2_000]]);
    // one live statement per supplier, institute and month
    await expect(w.generate('2025-11')).rejects.toMatchObject({ code: 40009 });
    await w.svc.cancel(FINANCE, nov.id);
    expect(w.statement(nov.id)).toMatchObject({ status: 'cancelled', live: 0 });
    await w.svc.cancel(FINANCE, oct.id);
    const again = await w.generate('2025-11');
    expect(w.linesOf(again.id)).toEqual([
      [1, 1_000],
      [2, 2_000],
    ]);
  });

  it('keeps a sub-order under complaint on the statement, marked 投诉处理中 (its payment waits, not its statement)', async () => {
    const w = world({ subs: [sub(1, { amount: 1_000, done: '2025-11-02', invoiced: 1_000 }), sub(2, { amount: 2_000, done: '2025-11-03' })], held: [2] });
    const g = await w.generate('2025-11');
    const d = await w.detail(g.id);
    expect(d.lines.records.map((l) => [l.subNo, l.onHold, l.invoiced])).toEqual([
      ['S1', false, 1_000],
      ['S2', true, 0],
    ]);
    expect(d.grossAmount).toBe(3_000);
  });

  it('refuses nothing to settle, the freeze, a period not begun and an unknown supplier, leaving nothing behind', async () => {
    const w = world({ subs: [sub(1, { amount: 1_000, done: '2025-11-02' })] });
    await expect(w.generate('2025-09')).rejects.toMatchObject({ code: 40000, message: '该供应商在 2025-09（截至对账周期末）没有待对账的订单' });
    expect(w.state.statements.size).toBe(0);
    await expect(w.generate('2099-01')).rejects.toMatchObject({ code: 40000, message: '2099-01 的对账周期尚未开始' });
    await expect(w.generate('2025-11', 99)).rejects.toMatchObject({ code: 404 });
    const frozen = world({ subs: [sub(1, { amount: 1_000, done: '2025-11-02' })], frozen: true });
    await expect(frozen.generate('2025-11')).rejects.toMatchObject({ code: 40000, message: expect.stringContaining('暂停生成对账单') });
    expect(frozen.state.statements.size).toBe(0);
  });
});

describe('StatementsService: moves', () => {
  const two = () => world({ subs: [sub(1, { amount: 6_000, done: '2025-11-02' }), sub(2, { amount: 4_000, done: '2025-11-03' })] });

  it('finance sends, the supplier confirms, finance approves; each only in its turn', async () => {
    const w = two();
    const { id } = await w.generate('2025-11');
    // the supplier does not see a draft at all, and moves nothing of finance's
    await expect(w.svc.confirm(SUPPLIER, id)).rejects.toMatchObject({ code: 404 });
    await expect(tried(() => w.svc.send(SUPPLIER, id))).rejects.toMatchObject({ code: 40300 });
    await expect(tried(() => w.svc.send(BUYER, id))).rejects.toMatchObject({ code: 40300 });
    await expect(w.svc.approve(FINANCE, id)).rejects.toMatchObject({ code: 40009, message: '对账单草稿，不能财务审核' });

    await w.svc.send(FINANCE, id);
    expect(w.state.notices.at(-1)).toMatchObject({ kind: 'sent', detail: 'first' });
    await expect(tried(() => w.svc.confirm(FINANCE, id))).rejects.toMatchObject({ code: 40300 });
    await expect(w.svc.approve(FINANCE, id)).rejects.toMatchObject({ code: 40009 });

    await w.svc.confirm(SUPPLIER, id);
    expect(w.state.notices.at(-1)).toMatchObject({ kind: 'answered', detail: 'confirmed' });
    await expect(tried(() => w.svc.approve(SUPPLIER, id))).rejects.toMatchObject({ code: 40300 });
    await expect(w.svc.cancel(FINANCE, id)).rejects.toMatchObject({ code: 40009 }); // only a draft is cancelled

    await expect(w.svc.approve(FINANCE, id)).resolves.toMatchObject({ status: 'finance_approved' });
    expect(w.state.logs.map((l) => `${l.actor}:${l.action}:${l.from_status}→${l.to_status}`)).toEqual([
      'finance:generate:draft→draft',
      'finance:send:draft→sent',
      'supplier:confirm:sent→supplier_confirmed',
      'finance:approve:supplier_confirmed→finance_approved',
    ]);
    // every move audited in its own transaction, the notice in the same one
    const sent = w.state.audits.find((a) => a.action === 'statement.send')!;
    expect(w.state.notices[0].trx).toBe(sent.trx);
  });

  it('reopens only the disputed lines: finance corrects or removes them, the totals follow, then sends again', async () => {
    const w = world({
      subs: [sub(1, { amount: 6_000, done: '2025-11-02' }), sub(2, { amount: 4_000, done: '2025-11-03' }), sub(3, { amount: 1_000, done: '2025-11-04' })],
      rule: { deductions: [{ name: '平台服务费', kind: 'percent', value: 1_000 }] },
    });
    const { id } = await w.generate('2025-11');
    await w.svc.send(FINANCE, id);
    const [l1, l2, l3] = [1, 2, 3].map((s) => w.lineId(id, s));
    // a line of no statement of this one: nothing is disputed
    await expect(
      w.svc.dispute(SUPPLIER, {
        id,
        lines: [
          { lineId: l1, reason: '单价不符' },
          { lineId: 999, reason: 'x' },
        ],
      }),
    ).rejects.toMatchObject({ code: 404 });
    expect(w.statement(id).status).toBe('sent');
    expect(w.state.lines.filter((l) => l.dispute === 'disputed')).toEqual([]);

    await w.svc.dispute(SUPPLIER, {
      id,
      lines: [
        { lineId: l1, reason: '单价不符' },
        { lineId: l2, reason: '未收到货' },
      ],
    });
    expect(w.statement(id)).toMatchObject({ status: 'disputed', last_reason: '2 行有异议：单价不符 等' });
    expect(w.state.notices.at(-1)).toMatchObject({ kind: 'answered', detail: 'disputed: 2 行有异议：单价不符 等' });

    await expect(w.svc.resolveLine(FINANCE, { id, lineId: l3, note: '改', amount: 500 })).rejects.toMatchObject({
      code: 40000,
      message: '这一行没有异议，不能修改（只有供应商提出异议的行可以更正或移除）',
    });
    await expect(w.svc.resolveLine(FINANCE, { id, lineId: l1, note: '改', amount: 6_001 })).rejects.toMatchObject({ message: '更正后的金额不能超过订单金额' });
    await expect(w.svc.resend(FINANCE, id)).rejects.toMatchObject({ code: 40000, message: '还有 2 行异议未处理（请更正或移除后再发送）' });

    await expect(w.svc.resolveLine(FINANCE, { id, lineId: l1, note: '按合同价', amount: 5_500 })).resolves.toEqual({ lineCount: 3, grossAmount: 10_500 });
    await expect(w.svc.resolveLine(FINANCE, { id, lineId: l2, note: '未到货，下月再结' })).resolves.toEqual({ lineCount: 2, grossAmount: 6_500 });
    // the totals are the sum of the live lines, the deductions taken on them again
    expect(w.statement(id)).toMatchObject({ line_count: 2, gross_amount: 6_500, deduction_amount: 650, net_amount: 5_850 });
    expect(w.state.logs.slice(-2).map((l) => [l.action, l.reason])).toEqual([
      ['correct', '按合同价'],
      ['remove', '未到货，下月再结'],
    ]);

    await w.svc.resend(FINANCE, id);
    expect(w.statement(id).status).toBe('sent');
    expect(w.state.notices.at(-1)).toMatchObject({ kind: 'sent', detail: 'again' });
    // the removed line's sub-order goes to the next statement
    const dec = await w.generate('2025-12');
    expect(w.linesOf(dec.id)).toEqual([[2, 4_000]]);
  });
});

describe('StatementsService: a net below 0 carries forward (上期结转)', () => {
  it('settles at approval with nothing paid, and the next statements deduct the credit after the institute’s own deductions', async () => {
    const w = world({
      subs: [
        sub(1, { amount: 6_000, done: '2025-10-10' }),
        sub(2, { amount: 2_000, done: '2025-11-10' }),
        sub(3, { amount: 1_000, done: '2025-12-10' }),
        sub(4, { amount: 10_000, done: '2026-01-10' }),
      ],
      // the supplier refunds 5,000 of October's sub-order in November
      refunds: [refund(50, 1, 5_000, '2025-11-20')],
      rule: { deductions: [{ name: '平台服务费', kind: 'percent', value: 500 }] },
    });
    await w.generate('2025-10');
    const nov = await w.generate('2025-11');
    expect(w.linesOf(nov.id)).toEqual([
      [2, 2_000],
      [1, -5_000],
    ]);
    // nothing is deducted from nothing
    expect(w.statement(nov.id)).toMatchObject({ gross_amount: -3_000, deduction_amount: 0, net_amount: -3_000 });
    await expect(w.approve(nov.id)).resolves.toMatchObject({ status: 'paid' });
    const novNo = w.statement(nov.id).statement_no;

    // December is smaller than the credit: its 5% first, then as much of the credit as is left
    const dec = await w.generate('2025-12');
    expect(w.state.locked).toEqual([nov.id]);
    expect((await w.detail(dec.id)).deductions).toEqual([
      { name: '平台服务费', kind: 'percent', value: 500, amount: 50 },
      { name: `上期结转（对账单 ${novNo}）`, kind: 'carry', value: 950, amount: 950 },
    ]);
    expect(w.statement(dec.id).net_amount).toBe(0);
    await expect(w.approve(dec.id)).resolves.toMatchObject({ status: 'paid' });

    // January takes the rest
    const jan = await w.generate('2026-01');
    expect(w.statement(jan.id)).toMatchObject({ gross_amount: 10_000, deduction_amount: 500 + 2_050, net_amount: 7_450 });
    expect((await w.detail(nov.id)).credit).toEqual({
      amount: 3_000,
      carried: 3_000,
      left: 0,
      carriedTo: [
        { statementId: dec.id, statementNo: w.statement(dec.id).statement_no, month: '2025-12', amount: 950 },
        { statementId: jan.id, statementNo: w.statement(jan.id).statement_no, month: '2026-01', amount: 2_050 },
      ],
    });
    // cancelling January's draft gives its share back
    await w.svc.cancel(FINANCE, jan.id);
    expect((await w.detail(nov.id)).credit).toMatchObject({ carried: 950, left: 2_050 });
  });

  it('reads the credit again under the lock, so two statements made at once never deduct it twice', async () => {
    const w = world({
      subs: [sub(1, { amount: 6_000, done: '2025-10-10' }), sub(2, { amount: 2_000, done: '2025-11-10' }), sub(3, { amount: 10_000, done: '2025-12-10' })],
      refunds: [refund(50, 1, 5_000, '2025-11-20')],
    });
    const oct = await w.generate('2025-10');
    const nov = await w.generate('2025-11');
    await w.approve(nov.id);
    w.takenMeanwhile(nov.id, oct.id, 1_000);
    const dec = await w.generate('2025-12');
    expect(w.state.deductions.filter((d) => d.statement_id === dec.id).map((d) => [d.kind, d.amount])).toEqual([['carry', 2_000]]);
    expect((await w.detail(nov.id)).credit).toMatchObject({ carried: 3_000, left: 0 });
  });

  it('leaves a credit whole when the next statement has nothing to deduct it from', async () => {
    const w = world({
      subs: [sub(1, { amount: 6_000, done: '2025-10-10' }), sub(2, { amount: 1_000, done: '2025-11-10' }), sub(3, { amount: 100, done: '2025-12-10' })],
      refunds: [refund(50, 1, 4_000, '2025-11-20'), refund(51, 3, 600, '2025-12-20')],
    });
    await w.generate('2025-10');
    const nov = await w.generate('2025-11');
    await w.approve(nov.id);
    const dec = await w.generate('2025-12');
    // December is itself below 0: no carry, the November credit waits whole
    expect(w.statement(dec.id)).toMatchObject({ gross_amount: -500, deduction_amount: 0, net_amount: -500 });
    expect(w.state.deductions.filter((d) => d.statement_id === dec.id)).toEqual([]);
    expect((await w.detail(nov.id)).credit).toMatchObject({ amount: 3_000, carried: 0, left: 3_000 });
  });
});
