import {
  type DeductionKind,
  type DISPUTE_TEXT,
  type PayStatus,
  STATEMENT_ACTION_TEXT,
  STATEMENT_STATUS_TEXT,
  type StatementLineVO,
  type StatementStatus,
  type StatementVO,
} from '@kc/contracts/finance/settlement';
import { Perm } from '@kc/contracts/platform/permissions';
import type { Transaction } from 'kysely';
import { writeAudit } from '../../../platform/audit/audit.ts';
import type { Caller } from '../../../platform/auth/access.ts';
import type { Who } from '../../../platform/auth/who.ts';
import type { DB } from '../../../platform/db/schema.ts';
import { isUniqueViolation } from '../../../platform/db/unique-violation.ts';
import { rmbUppercase } from '../../../platform/documents/rmb-uppercase.ts';
import { fail } from '../../../platform/http/errors.ts';
import type { InvoicesService } from '../invoices/index.ts';
import type { CheckRulesService } from './check-rules.service.ts';
import { reachOf } from './reach.ts';
import { coveredOf, deductionAmounts, linePaid, periodOf } from './settle-rules.ts';
import type { StatementNotices } from './statement-notices.ts';
import { nextStatus, type StatementActor, type StatementMove } from './statement-states.ts';
import type {
  CarriedToRow,
  DoneOrderRow,
  Paging,
  Reach,
  StatementAllocationRead,
  StatementDeductionRow,
  StatementLineRead,
  StatementLineRow,
  StatementListRow,
  StatementLogRead,
  StatementRead,
} from './statements.repository.ts';

const NOT_FOUND = '对账单不存在或不在您的处理范围内';
const CONFLICT = '对账单状态已变化，请刷新后重试';
const num = (v: unknown) => Number(v ?? 0);

type LineRead = StatementLineRead;

/**
 * What StatementsService needs of storage (StatementsRepository; in-memory fakes in
 * statements.service.test.ts). `inTransaction` gives the store bound to the transaction, and the
 * transaction itself, opaque, for the audit row and the notices sent with a move.
 */
export interface StatementsStore {
  inTransaction<T>(fn: (repo: StatementsStore, trx: Transaction<DB>) => Promise<T>): Promise<T>;
  // ── reads ──
  doneOrderPage(
    reach: Reach,
    f: { supplierId?: number; instituteId?: number; from?: string; to?: string; subNo?: string },
    states: readonly string[],
    p: Paging,
  ): Promise<{ rows: DoneOrderRow[]; total: number }>;
  /** which of these sub-orders an open complaint holds */
  heldAmong(subOrderIds: readonly number[]): Promise<Set<number>>;
  page(
    reach: Reach,
    f: { status?: string; supplierId?: number; instituteId?: number; month?: string; statementNo?: string },
    p: Paging,
  ): Promise<{ rows: StatementListRow[]; total: number }>;
  /** a statement within the reach (a foreign one, or a draft for a supplier, reads as absent) */
  statement(id: number, reach: Reach): Promise<StatementRead | undefined>;
  linePage(statementId: number, o: { disputedOnly: boolean; includeRemoved: boolean }, p: Paging | null): Promise<{ rows: StatementLineRead[]; total: number }>;
  /** a live line of the statement */
  line(statementId: number, lineId: number): Promise<StatementLineRow | undefined>;
  deductions(statementId: number): Promise<StatementDeductionRow[]>;
  log(statementId: number): Promise<StatementLogRead[]>;
  allocations(statementId: number): Promise<StatementAllocationRead[]>;
  /** the live statements deducting this statement's credit */
  carriedTo(sourceId: number): Promise<CarriedToRow[]>;
  supplierExists(supplierId: number): Promise<boolean>;
  /** live lines still disputed */
  openDisputes(statementId: number): Promise<number>;
  // ── generation ──
  insertStatement(v: {
    institute_id: number;
    supplier_id: number;
    month: string;
    period_start: string;
    period_end: string;
    created_by: number;
  }): Promise<{ id: number; statementNo: string }>;
  /** the lines of a new statement: sub-orders in `states` reached before `periodEnd` that no live statement holds, then their refunds */
  insertLines(statementId: number, supplierId: number, instituteId: number, periodEnd: string, states: readonly string[]): Promise<void>;
  insertDeductions(statementId: number, ds: readonly { name: string; kind: string; value: number }[]): Promise<unknown>;
  /** earlier statements settled below 0 with some of their credit not yet deducted (`left`) */
  openCredits(instituteId: number, supplierId: number): Promise<{ id: number; statementNo: string; left: number }[]>;
  lock(ids: readonly number[]): Promise<void>;
  insertCarries(statementId: number, carries: readonly { sourceId: number; name: string; value: number }[]): Promise<unknown>;
  /** carries with nothing to deduct go; the others keep what they deduct now as their value */
  settleCarries(statementId: number): Promise<void>;
  /** gross and count of the live lines */
  lineTotals(statementId: number): Promise<{ count: number; gross: number }>;
  /** stores each deduction's amount, and the gross, deductions and net (gross − deductions) */
  setTotals(statementId: number, t: { count: number; gross: number; deductions: { id: number; amount: number }[] }): Promise<void>;
  // ── moves ──
  /** conditional move: true only when the statement was still in one of `from` */
  move(id: number, from: readonly string[], set: { status: string; last_reason?: string | null; live?: number }): Promise<boolean>;
  writeLog(v: {
    statement_id: number;
    actor_id: number | null;
    actor: string;
    action: string;
    from_status: string;
    to_status: string;
    reason: string | null;
  }): Promise<unknown>;
  /** a cancelled draft's lines let go of their sub-orders */
  releaseLines(statementId: number): Promise<unknown>;
  /** answers how many live lines of the statement were marked */
  disputeLines(statementId: number, lines: { lineId: number; reason: string }[]): Promise<number>;
  /** only a live, disputed line: true when it was */
  resolveLine(
    statementId: number,
    lineId: number,
    set: { dispute: 'corrected' | 'removed'; amount?: number; live?: number; correction_note: string },
  ): Promise<boolean>;
}

export function statementVO(s: Omit<StatementRead, 'disputed_count'> & { disputed_count?: unknown }): StatementVO {
  const status = s.status as StatementStatus;
  return {
    id: s.id,
    statementNo: s.statement_no,
    instituteId: s.institute_id,
    instituteName: s.institute_name,
    supplierId: s.supplier_id,
    supplierName: s.supplier_name,
    month: s.month,
    periodStart: s.period_start,
    periodEnd: s.period_end,
    status,
    statusText: STATEMENT_STATUS_TEXT[status],
    lineCount: num(s.line_count),
    disputedCount: num(s.disputed_count),
    grossAmount: num(s.gross_amount),
    deductionAmount: num(s.deduction_amount),
    netAmount: num(s.net_amount),
    paidAmount: num(s.paid_amount),
    // nothing is open on a statement settled below 0 (its credit is carried, see detail.credit)
    openAmount: Math.max(0, num(s.net_amount) - num(s.paid_amount)),
    lastReason: s.last_reason,
    createdAt: s.created_at,
    updatedAt: s.updated_at,
  };
}

/**
 * Statements (对账单): generation for a supplier, institute and month; finance's send, cancel,
 * corrections of disputed lines, re-send, approval and closing; the supplier's confirmation and
 * per-line disputes. Each move asks the transitions table for its target and happens in one
 * transaction with a conditional update, a log row and the audit row.
 */
export class StatementsService {
  constructor(
    private readonly repo: StatementsStore,
    /** the institute's settlement rule and freeze: CheckRulesService */
    private readonly rules: Pick<CheckRulesService, 'instituteFor' | 'mustNotBeFrozen' | 'ruleOf'>,
    private readonly notices: Pick<StatementNotices, 'sent' | 'answered'> | null,
    /** the three-way match of a statement's sub-orders (its invoiced amounts) */
    private readonly invoices: Pick<InvoicesService, 'match'>,
  ) {}

  // ── lists ────────────────────────────────────────────────────────────────
  async doneOrders(c: Caller, q: { supplierId?: number; instituteId?: number; month?: string; subNo?: string } & Paging) {
    const reach = reachOf(c);
    const instituteId = reach.instituteId ?? q.instituteId;
    const rule = instituteId ? await this.rules.ruleOf(instituteId) : null;
    const period = q.month ? periodOf(q.month, rule?.cutoffDay ?? 0) : null;
    const states = rule?.countStates ?? ['completed'];
    const { rows, total } = await this.repo.doneOrderPage(
      reach,
      { supplierId: q.supplierId, instituteId: q.instituteId, subNo: q.subNo, from: period?.start, to: period?.end },
      states,
      q,
    );
    const held = await this.repo.heldAmong(rows.map((r) => r.id));
    return {
      records: rows.map((r) => ({
        onHold: held.has(r.id),
        subOrderId: r.id,
        subNo: r.sub_no,
        orderNo: r.order_no,
        supplierId: r.supplier_id,
        supplierName: r.company_name,
        instituteId: num(r.institute_id),
        instituteName: r.institute_name,
        status: r.status,
        amount: num(r.total_amount),
        doneAt: String(r.at),
      })),
      total,
      current: q.current,
      size: q.size,
    };
  }

  async page(c: Caller, q: { status?: string; supplierId?: number; instituteId?: number; month?: string; statementNo?: string } & Paging) {
    const { rows, total } = await this.repo.page(reachOf(c), q, q);
    return { records: rows.map(statementVO), total, current: q.current, size: q.size };
  }

  private async mustRead(reach: Reach, id: number) {
    const s = await this.repo.statement(id, reach);
    if (!s) return fail('NOT_FOUND', NOT_FOUND);
    return s;
  }

  /** Lines with their ordered, accepted, invoiced (the match), claimed and paid amounts. */
  async linesOf(s: StatementRead, rows: LineRead[]): Promise<StatementLineVO[]> {
    const subIds = rows.map((r) => r.sub_order_id);
    const [match, held] = await Promise.all([this.invoices.match(subIds), this.repo.heldAmong(subIds)]);
    const approved = ['finance_approved', 'partially_paid', 'paid', 'closed'].includes(s.status);
    const covered = coveredOf({ status: s.status, paid_amount: num(s.paid_amount), gross_amount: num(s.gross_amount) });
    return rows.map((r) => {
      const amount = num(r.amount);
      const paid = r.live && r.kind === 'accepted' ? linePaid({ amount, cumEnd: num(r.cum_end) }, covered) : 0;
      const pay: PayStatus =
        !approved || r.kind !== 'accepted' || !r.live || amount === 0 ? 'unpaid' : paid >= amount ? 'paid' : paid > 0 ? 'partially_paid' : 'in_payment';
      return {
        id: r.id,
        subOrderId: r.sub_order_id,
        subNo: r.sub_no,
        orderNo: r.order_no,
        kind: r.kind as 'accepted' | 'refund',
        doneAt: r.done_at,
        ordered: num(r.ordered_amount),
        accepted: num(r.accepted_amount),
        invoiced: (match.get(r.sub_order_id)?.buckets ?? []).reduce((a, b) => a + b.invoiced, 0),
        claimed: num(r.claimed),
        paid,
        amount,
        originalAmount: num(r.original_amount),
        payStatus: pay,
        dispute: r.dispute as keyof typeof DISPUTE_TEXT,
        disputeReason: r.dispute_reason,
        correctionNote: r.correction_note,
        refundNo: r.refund_no ?? null,
        // a line already paid in full is out of the hold
        onHold: held.has(r.sub_order_id) && r.kind === 'accepted' && !!r.live && paid < amount,
      };
    });
  }

  async detail(c: Caller, id: number, q: { disputed?: '1' | '0' } & Paging) {
    const s = await this.mustRead(reachOf(c), id);
    const net = num(s.net_amount);
    const [lines, deductions, log, allocs, carried] = await Promise.all([
      this.repo.linePage(id, { disputedOnly: q.disputed === '1', includeRemoved: q.disputed === '1' }, q),
      this.repo.deductions(id),
      this.repo.log(id),
      this.repo.allocations(id),
      net < 0 ? this.repo.carriedTo(id) : Promise.resolve([]),
    ]);
    const carriedAmount = carried.reduce((a, c) => a + num(c.amount), 0);
    return {
      ...statementVO(s),
      grossUppercase: rmbUppercase(num(s.gross_amount)),
      netUppercase: rmbUppercase(net),
      deductions: deductions.map((d) => ({ name: d.name, kind: d.kind as DeductionKind, value: num(d.value), amount: num(d.amount) })),
      // the supplier owes the institute: carried into later statements as they are made
      credit:
        net < 0
          ? {
              amount: -net,
              carried: carriedAmount,
              left: -net - carriedAmount,
              carriedTo: carried.map((c) => ({ statementId: c.id, statementNo: c.statement_no, month: c.month, amount: num(c.amount) })),
            }
          : null,
      lines: { records: await this.linesOf(s, lines.rows), total: lines.total, current: q.current, size: q.size },
      log: log.map((g) => ({
        action: g.action,
        actionText: STATEMENT_ACTION_TEXT[g.action as keyof typeof STATEMENT_ACTION_TEXT] ?? g.action,
        actorName: g.actor === 'api' ? '财务系统接口' : (g.real_name ?? g.user_name ?? ''),
        fromStatus: g.from_status,
        toStatus: g.to_status,
        reason: g.reason,
        createdAt: g.created_at,
      })),
      payments: allocs.map((a) => ({
        paymentId: a.id,
        paymentNo: a.payment_no,
        bankRef: a.bank_ref,
        paidOn: a.paid_on,
        amount: num(a.amount),
        source: a.source as 'manual' | 'api',
      })),
    };
  }

  /** Everything a printed or exported statement shows: all its live lines. */
  async document(c: Caller, id: number) {
    const s = await this.mustRead(reachOf(c), id);
    const [lines, deductions] = await Promise.all([this.repo.linePage(id, { disputedOnly: false, includeRemoved: false }, null), this.repo.deductions(id)]);
    const vos: StatementLineVO[] = [];
    // the match is read a thousand sub-orders at a time (a statement may hold tens of thousands)
    for (let i = 0; i < lines.rows.length; i += 1000) vos.push(...(await this.linesOf(s, lines.rows.slice(i, i + 1000))));
    return { statement: statementVO(s), creditCode: s.supplier_credit_code, lines: vos, deductions };
  }

  // ── finance ──────────────────────────────────────────────────────────────
  /**
   * A statement for a supplier and month: one INSERT … SELECT takes the lines, then the totals and
   * the institute's deductions. A second live statement for the same month, or a sub-order taken
   * by another statement at the same moment, fails on the unique indexes.
   */
  async generate(w: Who, b: { supplierId: number; month: string; instituteId?: number }) {
    const instituteId = this.rules.instituteFor(w.caller, b.instituteId);
    await this.rules.mustNotBeFrozen(instituteId);
    const rule = await this.rules.ruleOf(instituteId);
    const period = periodOf(b.month, rule.cutoffDay);
    if (period.start > new Date().toISOString()) fail('BAD_REQUEST', `${b.month} 的对账周期尚未开始`);
    if (!(await this.repo.supplierExists(b.supplierId))) fail('NOT_FOUND', '供应商不存在');
    try {
      return await this.repo.inTransaction(async (r, trx) => {
        const { id, statementNo } = await r.insertStatement({
          institute_id: instituteId,
          supplier_id: b.supplierId,
          month: b.month,
          period_start: period.start,
          period_end: period.end,
          created_by: w.caller.userId,
        });
        await r.insertLines(id, b.supplierId, instituteId, period.end, rule.countStates);
        await r.insertDeductions(id, rule.deductions);
        await this.carryCredits(r, id, instituteId, b.supplierId);
        const t = await this.refreshTotals(r, id);
        if (t.count === 0) fail('BAD_REQUEST', `该供应商在 ${b.month}（截至对账周期末）没有待对账的订单`);
        await r.settleCarries(id);
        await r.writeLog({
          statement_id: id,
          actor_id: w.caller.userId,
          actor: 'finance',
          action: 'generate',
          from_status: 'draft',
          to_status: 'draft',
          reason: null,
        });
        await writeAudit(trx, { userId: w.caller.userId, action: 'statement.generate', target: `statement:${id}`, detail: { lines: t.count }, ip: w.ip });
        return { id, statementNo, lineCount: t.count, grossAmount: t.gross };
      });
    } catch (e) {
      if (isUniqueViolation(e)) fail('STATE_CONFLICT', `该供应商 ${b.month} 已有对账单，或其中的订单刚被另一张对账单占用，请刷新后重试`);
      throw e;
    }
  }

  /**
   * Credits the supplier owes the institute from earlier statements (net below 0, settled at
   * approval with nothing paid) become deductions of this one, after the institute's own
   * deductions and as far as its gross allows; what is left waits for the next statement. The
   * sources are locked first, so two statements made at once never deduct one credit twice.
   */
  private async carryCredits(r: StatementsStore, id: number, instituteId: number, supplierId: number) {
    const open = await r.openCredits(instituteId, supplierId);
    if (open.length === 0) return;
    await r.lock(open.map((c) => c.id));
    // read again under the locks: another statement may have taken some meanwhile
    const fresh = await r.openCredits(instituteId, supplierId);
    await r.insertCarries(
      id,
      fresh.map((c) => ({ sourceId: c.id, name: `上期结转（对账单 ${c.statementNo}）`, value: c.left })),
    );
  }

  /** Gross from the live lines, then each deduction on it, then net. */
  private async refreshTotals(r: StatementsStore, id: number) {
    const t = await r.lineTotals(id);
    const ds = await r.deductions(id);
    const amounts = deductionAmounts(
      t.gross,
      ds.map((d) => ({ kind: d.kind, value: num(d.value) })),
    );
    await r.setTotals(id, { ...t, deductions: ds.map((d, i) => ({ id: d.id, amount: amounts[i] })) });
    return t;
  }

  /** One move of the table by an actor: conditional update, log, audit, and whatever the move does in the same transaction. */
  private async moveIn(
    w: Who,
    id: number,
    move: StatementMove,
    actor: StatementActor,
    o: { reason?: string | null; before?: (r: StatementsStore, s: StatementRead, trx: Transaction<DB>) => Promise<void> } = {},
  ) {
    const reach = reachOf(w.caller);
    return this.repo.inTransaction(async (r, trx) => {
      const s = await r.statement(id, reach);
      if (!s) return fail('NOT_FOUND', NOT_FOUND);
      const from = s.status as StatementStatus;
      const to = nextStatus(from, move, actor, { open: num(s.net_amount) - num(s.paid_amount) });
      if (!to) return fail('STATE_CONFLICT', `对账单${STATEMENT_STATUS_TEXT[from]}，不能${STATEMENT_ACTION_TEXT[move]}`);
      await o.before?.(r, s, trx);
      if (!(await r.move(id, [from], { status: to, last_reason: o.reason ?? s.last_reason, ...(to === 'cancelled' ? { live: 0 } : {}) })))
        fail('STATE_CONFLICT', CONFLICT);
      await r.writeLog({ statement_id: id, actor_id: w.caller.userId, actor, action: move, from_status: from, to_status: to, reason: o.reason ?? null });
      await writeAudit(trx, {
        userId: w.caller.userId,
        action: `statement.${move}`,
        target: `statement:${id}`,
        detail: o.reason ? { reason: o.reason } : undefined,
        ip: w.ip,
      });
      if (move === 'send' || move === 'resend') await this.notices?.sent(trx, s, move === 'resend');
      if (move === 'confirm' || move === 'dispute') await this.notices?.answered(trx, s, move === 'confirm', o.reason ?? null, w.caller.aclVersion);
      return { id, status: to, statusText: STATEMENT_STATUS_TEXT[to] };
    });
  }

  private financeOnly(c: Caller) {
    if (c.accountType === 2 || !c.perms.has(Perm.SETTLE_FINANCE)) fail('FORBIDDEN', '您没有对账结算权限');
  }

  send(w: Who, id: number) {
    this.financeOnly(w.caller);
    return this.moveIn(w, id, 'send', 'finance');
  }

  cancel(w: Who, id: number) {
    this.financeOnly(w.caller);
    return this.moveIn(w, id, 'cancel', 'finance', { before: (r) => r.releaseLines(id).then(() => undefined) });
  }

  /** Re-send after every disputed line was corrected or removed. */
  resend(w: Who, id: number) {
    this.financeOnly(w.caller);
    return this.moveIn(w, id, 'resend', 'finance', {
      before: async (r) => {
        const open = await r.openDisputes(id);
        if (open > 0) fail('BAD_REQUEST', `还有 ${open} 行异议未处理（请更正或移除后再发送）`);
      },
    });
  }

  approve(w: Who, id: number) {
    this.financeOnly(w.caller);
    return this.moveIn(w, id, 'approve', 'finance');
  }

  close(w: Who, id: number) {
    this.financeOnly(w.caller);
    return this.moveIn(w, id, 'close', 'finance');
  }

  /**
   * Corrects or removes a disputed line: only disputed lines of a disputed statement reopen, the
   * others stay as the supplier saw them. A removed line frees its sub-order for a later statement.
   */
  async resolveLine(w: Who, b: { id: number; lineId: number; note: string; amount?: number }) {
    this.financeOnly(w.caller);
    const reach = reachOf(w.caller);
    const remove = b.amount === undefined;
    return this.repo.inTransaction(async (r, trx) => {
      const s = await r.statement(b.id, reach);
      if (!s) return fail('NOT_FOUND', NOT_FOUND);
      if (s.status !== 'disputed') fail('STATE_CONFLICT', '只有“有异议”的对账单可以更正或移除行');
      const line = await r.line(b.id, b.lineId);
      if (!line) return fail('NOT_FOUND', '对账单中没有这一行');
      if (line.dispute !== 'disputed') fail('BAD_REQUEST', '这一行没有异议，不能修改（只有供应商提出异议的行可以更正或移除）');
      if (!remove && (b.amount as number) > num(line.ordered_amount)) fail('BAD_REQUEST', '更正后的金额不能超过订单金额');
      const ok = await r.resolveLine(
        b.id,
        b.lineId,
        remove ? { dispute: 'removed', live: 0, correction_note: b.note } : { dispute: 'corrected', amount: b.amount, correction_note: b.note },
      );
      if (!ok) fail('STATE_CONFLICT', CONFLICT);
      const t = await this.refreshTotals(r, b.id);
      const action = remove ? 'remove' : 'correct';
      await r.writeLog({ statement_id: b.id, actor_id: w.caller.userId, actor: 'finance', action, from_status: s.status, to_status: s.status, reason: b.note });
      await writeAudit(trx, {
        userId: w.caller.userId,
        action: `statement.${action}`,
        target: `statement:${b.id}`,
        detail: { lineId: b.lineId, amount: b.amount },
        ip: w.ip,
      });
      return { lineCount: t.count, grossAmount: t.gross };
    });
  }

  // ── supplier ─────────────────────────────────────────────────────────────
  private supplierOnly(c: Caller) {
    if (c.accountType !== 2) fail('FORBIDDEN', '只有供应商可以确认或提出异议');
  }

  confirm(w: Who, id: number) {
    this.supplierOnly(w.caller);
    return this.moveIn(w, id, 'confirm', 'supplier');
  }

  /** Disputes lines, each with its reason: the statement goes back to finance with only those lines open. */
  dispute(w: Who, b: { id: number; lines: { lineId: number; reason: string }[] }) {
    this.supplierOnly(w.caller);
    const unique = new Map(b.lines.map((l) => [l.lineId, l]));
    const reason = `${unique.size} 行有异议：${[...unique.values()][0].reason}${unique.size > 1 ? ' 等' : ''}`;
    return this.moveIn(w, b.id, 'dispute', 'supplier', {
      reason,
      before: async (r) => {
        const n = await r.disputeLines(b.id, [...unique.values()]);
        if (n !== unique.size) fail('NOT_FOUND', '所选的行不在这张对账单中');
      },
    });
  }
}
