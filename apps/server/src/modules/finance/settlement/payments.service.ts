import { COMPLAINT_HOLD_TEXT } from '@kc/contracts/finance/settlement';
import type { Transaction } from 'kysely';
import { writeAudit } from '../../../platform/audit/audit.ts';
import type { Caller } from '../../../platform/auth/access.ts';
import type { Who } from '../../../platform/auth/who.ts';
import type { DB } from '../../../platform/db/schema.ts';
import { isUniqueViolation } from '../../../platform/db/unique-violation.ts';
import { rmbUppercase } from '../../../platform/documents/rmb-uppercase.ts';
import { fail } from '../../../platform/http/errors.ts';
import type { CardMoves } from '../../ledgers/budget/index.ts';
import type { OwedRow, PaymentPage, SettledRow } from './payments.repository.ts';
import { reachOf } from './reach.ts';
import { coveredOf, holdBreach, linePaid } from './settle-rules.ts';
import type { StatementNotices } from './statement-notices.ts';
import { APPROVED, nextStatus, PAYABLE, type StatementStatus } from './statement-states.ts';
import type { HeldLineRow, Paging, Reach, StatementRead } from './statements.repository.ts';
import type { StatementsStore } from './statements.service.ts';

const num = (v: unknown) => Number(v ?? 0);

type PaymentFilter = { instituteId?: number; supplierId?: number; dateFrom?: string; dateTo?: string };

/**
 * What PaymentsService needs of payments' storage (PaymentsRepository; in-memory fakes in
 * payments.service.test.ts). `within(trx)` binds it to a transaction the caller opened (a
 * settlement batch's); `inTransaction` opens one.
 */
export interface PaymentsStore {
  inTransaction<T>(fn: (repo: PaymentsStore, trx: Transaction<DB>) => Promise<T>): Promise<T>;
  within(trx: Transaction<DB>): PaymentsStore;
  /** fails with a unique violation on a bank reference already recorded */
  insertPayment(v: {
    institute_id: number;
    supplier_id: number;
    bank_ref: string;
    paid_on: string;
    amount: number;
    source: 'manual' | 'api';
    batch_id: number | null;
    remark: string | null;
    created_by: number | null;
  }): Promise<{ id: number; paymentNo: string }>;
  /**
   * Adds `amount` to a statement in `payable` of this institute and supplier only while paid stays
   * within net (paid when it reaches it, otherwise partially paid), with the allocation row; false otherwise.
   */
  allocate(paymentId: number, statementId: number, instituteId: number, supplierId: number, amount: number, payable: readonly string[]): Promise<boolean>;
  /** sub-orders of the statement's positive live lines whose running total ends in (before, after] */
  newlyPaidSubs(statementId: number, before: number, after: number): Promise<number[]>;
  owed(reach: Reach, f: { instituteId?: number; supplierId?: number }, approved: readonly string[]): Promise<OwedRow[]>;
  settledPage(reach: Reach, f: PaymentFilter, p: Paging): Promise<{ rows: SettledRow[]; total: number }>;
  paymentPage(reach: Reach, f: PaymentFilter, p: Paging): Promise<PaymentPage>;
}

/** What payments read and write of statements, in the payment's transaction (StatementsRepository). */
export interface PaymentStatements extends Pick<StatementsStore, 'statement' | 'writeLog'> {
  within(trx: Transaction<DB>): PaymentStatements;
  /** live lines on complaint hold of statements in `statuses`, within the reach and filters */
  heldLines(reach: Reach, f: { statementIds?: number[]; instituteId?: number; supplierId?: number }, statuses: readonly string[]): Promise<HeldLineRow[]>;
}

export interface PaymentInput {
  bankRef: string;
  paidOn: string;
  remark?: string;
  allocations: { statementId: number; amount: number }[];
}

/** adminCheckMoney and the settled / owed views (adminCheckSupplierMoney, adminHasCheckMoney, adminHasCheckMoneyData). */
export class PaymentsService {
  constructor(
    private readonly repo: PaymentsStore,
    private readonly statements: PaymentStatements,
    private readonly notices: Pick<StatementNotices, 'paid'> | null,
    /** the grant cards a paid sub-order draws on, in the payment's transaction: GrantCardsService */
    private readonly grantCards: { within(trx: Transaction<DB>): Pick<CardMoves, 'drawSubOrders'> },
  ) {}

  async record(w: Who, p: PaymentInput) {
    const reach = reachOf(w.caller);
    if (reach.supplierId !== null) fail('FORBIDDEN', '供应商不能登记付款');
    const out = await this.repo.inTransaction(async (_r, trx) => {
      const res = await this.recordIn(trx, reach, { userId: w.caller.userId, actor: 'finance', batchId: null }, p);
      await writeAudit(trx, { userId: w.caller.userId, action: 'statement.payment', target: `payment:${res.id}`, detail: p, ip: w.ip });
      return res;
    });
    return { id: out.id, paymentNo: out.paymentNo, amount: out.amount, paidSubOrders: out.paidSubOrderIds.length };
  }

  /**
   * Records one payment inside `trx`: the statements must belong to one institute and one supplier
   * (and to the caller's reach); each allocation is a conditional update that never takes a
   * statement past its net; then the pay states and the grant-card seam. Shared by adminCheckMoney
   * and the finance system's settleBillBatch (which opens the transaction for its whole batch).
   */
  async recordIn(trx: Transaction<DB>, reach: Reach, actor: { userId: number | null; actor: 'finance' | 'api'; batchId: number | null }, p: PaymentInput) {
    const statements = this.statements.within(trx);
    const payments = this.repo.within(trx);
    const merged = new Map<number, number>();
    for (const a of p.allocations) merged.set(a.statementId, (merged.get(a.statementId) ?? 0) + a.amount);
    // a fixed order, so two payments over the same statements wait for each other instead of deadlocking
    const ids = [...merged.keys()].sort((a, b) => a - b);
    const before = new Map<number, StatementRead>();
    for (const id of ids) {
      const s = await statements.statement(id, reach);
      if (!s) return fail('NOT_FOUND', '对账单不存在或不在您的处理范围内');
      before.set(id, s);
    }
    const first = before.get(ids[0])!;
    for (const s of before.values())
      if (s.institute_id !== first.institute_id || s.supplier_id !== first.supplier_id) fail('BAD_REQUEST', '一笔付款只能支付同一单位、同一供应商的对账单');
    const total = [...merged.values()].reduce((a, b) => a + b, 0);
    let payment: { id: number; paymentNo: string };
    try {
      payment = await payments.insertPayment({
        institute_id: first.institute_id,
        supplier_id: first.supplier_id,
        bank_ref: p.bankRef,
        paid_on: p.paidOn,
        amount: total,
        source: actor.actor === 'api' ? 'api' : 'manual',
        batch_id: actor.batchId,
        remark: p.remark ?? null,
        created_by: actor.userId,
      });
    } catch (e) {
      if (isUniqueViolation(e)) fail('BAD_REQUEST', `银行流水号 ${p.bankRef} 已登记过付款`);
      throw e;
    }
    const paidSubs: number[] = [];
    for (const id of ids) {
      const amount = merged.get(id)!;
      const s = before.get(id)!;
      if (!(await payments.allocate(payment.id, id, first.institute_id, first.supplier_id, amount, PAYABLE))) {
        const now = await statements.statement(id, reach);
        if (!now || !PAYABLE.includes(now.status as never)) fail('STATE_CONFLICT', `对账单 ${s.statement_no} 尚未经财务审核或已付清，不能付款`);
        const open = num(now?.net_amount) - num(now?.paid_amount);
        fail('BAD_REQUEST', `对账单 ${s.statement_no} 未付金额为 ¥${(open / 100).toFixed(2)}，本次付款 ¥${(amount / 100).toFixed(2)} 超过未付金额`);
      }
      // read after our update: the row stays locked by it until commit, so this is exactly our step
      // (what was read before the update may be stale under a parallel payment on PostgreSQL)
      const after = (await statements.statement(id, reach))!;
      const to = after.status;
      const paidBefore = num(after.paid_amount) - amount;
      // the complaint hold: no payment reaches a line whose sub-order has an open complaint
      const held = await statements.heldLines(reach, { statementIds: [id] }, [...PAYABLE, 'paid']);
      const breach = holdBreach(
        { net: num(after.net_amount), paidBefore, paidAfter: num(after.paid_amount) },
        held.map((h) => ({ amount: num(h.amount), cumEnd: num(h.cum_end), subNo: h.sub_no })),
      );
      if (breach)
        fail(
          'BAD_REQUEST',
          `对账单 ${s.statement_no} 中的子订单 ${breach.subNo} ${COMPLAINT_HOLD_TEXT}，暂停结算付款` +
            (breach.maxNow > 0 ? `；本次最多可付 ¥${(breach.maxNow / 100).toFixed(2)}` : '，请在投诉办结后再付款'),
        );
      const from: StatementStatus = paidBefore === 0 ? 'finance_approved' : 'partially_paid';
      await statements.writeLog({
        statement_id: id,
        actor_id: actor.userId,
        actor: actor.actor,
        action: 'pay',
        from_status: from,
        to_status: to,
        reason: `${payment.paymentNo} 银行流水号 ${p.bankRef} 付款 ¥${(amount / 100).toFixed(2)}`,
      });
      // the table agrees with what the conditional update did (checked, not assumed)
      if (nextStatus(from, 'pay', 'finance', { open: num(after.net_amount) - num(after.paid_amount) }) !== to)
        fail('STATE_CONFLICT', '对账单状态已变化，请刷新后重试');
      // a payable statement covers exactly what was paid before; so each sub-order reaches the seam once
      paidSubs.push(...(await payments.newlyPaidSubs(id, paidBefore, coveredOf(after))));
      await this.notices?.paid(trx, after, amount, p.bankRef);
    }
    // paying the supplier is where the institute's money leaves: the sub-orders paid in full draw
    // their grant-card freeze in this same transaction (once per sub-order, whether their claim
    // completed first or this payment comes first)
    await this.grantCards.within(trx).drawSubOrders(paidSubs, { ref: `payment:${payment.paymentNo}`, actorId: actor.userId });
    return {
      id: payment.id,
      paymentNo: payment.paymentNo,
      amount: total,
      instituteId: first.institute_id,
      supplierId: first.supplier_id,
      paidSubOrderIds: paidSubs,
    };
  }

  /**
   * What each supplier is owed per institute: approved statements less what was paid, less the
   * unpaid part of lines on complaint hold (shown apart as heldAmount: not payable until the
   * complaint ends).
   */
  async owed(c: Caller, f: { instituteId?: number; supplierId?: number }) {
    const reach = reachOf(c);
    const [rows, held] = await Promise.all([this.repo.owed(reach, f, APPROVED), this.statements.heldLines(reach, f, PAYABLE)]);
    const heldBy = new Map<string, number>();
    for (const h of held) {
      const covered = coveredOf({ status: h.status, paid_amount: num(h.paid_amount), gross_amount: num(h.gross_amount) });
      const unpaid = num(h.amount) - linePaid({ amount: num(h.amount), cumEnd: num(h.cum_end) }, covered);
      const key = `${h.supplier_id}:${h.institute_id}`;
      heldBy.set(key, (heldBy.get(key) ?? 0) + unpaid);
    }
    return rows
      .map((r) => {
        const heldAmount = heldBy.get(`${r.supplier_id}:${r.institute_id}`) ?? 0;
        const owed = Math.max(0, num(r.net) - num(r.paid) - heldAmount);
        return {
          supplierId: r.supplier_id,
          supplierName: r.company_name,
          instituteId: r.institute_id,
          instituteName: r.institute_name,
          statementCount: num(r.n),
          netAmount: num(r.net),
          paidAmount: num(r.paid),
          owedAmount: owed,
          owedUppercase: rmbUppercase(owed),
          heldAmount,
        };
      })
      .filter((r) => r.owedAmount > 0 || r.heldAmount > 0);
  }

  async settled(c: Caller, f: { instituteId?: number; supplierId?: number; dateFrom?: string; dateTo?: string } & Paging) {
    const { rows, total } = await this.repo.settledPage(reachOf(c), f, f);
    return {
      records: rows.map((r) => ({
        supplierId: r.supplier_id,
        supplierName: r.company_name,
        instituteId: r.institute_id,
        instituteName: r.institute_name,
        paymentCount: num(r.n),
        paidAmount: num(r.paid),
        lastPaidOn: String(r.last_paid_on),
      })),
      total,
      current: f.current,
      size: f.size,
    };
  }

  async settledData(c: Caller, f: { instituteId?: number; supplierId?: number; dateFrom?: string; dateTo?: string } & Paging) {
    const { rows, allocs, total } = await this.repo.paymentPage(reachOf(c), f, f);
    return {
      records: rows.map((r) => ({
        id: r.id,
        paymentNo: r.payment_no,
        instituteId: r.institute_id,
        instituteName: r.institute_name,
        supplierId: r.supplier_id,
        supplierName: r.company_name,
        bankRef: r.bank_ref,
        paidOn: r.paid_on,
        amount: num(r.amount),
        source: r.source as 'manual' | 'api',
        remark: r.remark,
        createdAt: r.created_at,
        statements: allocs
          .filter((a) => a.payment_id === r.id)
          .map((a) => ({ statementId: a.statement_id, statementNo: a.statement_no, amount: num(a.amount) })),
      })),
      total,
      current: f.current,
      size: f.size,
    };
  }
}
