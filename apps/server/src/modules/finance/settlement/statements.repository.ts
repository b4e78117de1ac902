import { type Selectable, sql, type Transaction } from 'kysely';
import type { Executor } from '../../../platform/db/executor.ts';
import type { DB, StatementDeductionTable, StatementLineTable, StatementTable } from '../../../platform/db/schema.ts';
import { heldAmong, heldSubOrderIds } from '../../buying/complaints/index.ts';
import type { StatementsStore } from './statements.service.ts';

export type StatementRow = Selectable<StatementTable>;
export type StatementLineRow = Selectable<StatementLineTable>;
export type StatementDeductionRow = Selectable<StatementDeductionTable>;

// what the reads below answer, row by row (the statements service and its in-memory fakes speak these)
type Answer<K extends keyof StatementsRepository> = StatementsRepository[K] extends (...a: never[]) => Promise<infer R> ? R : never;
/** a statement with its supplier's and institute's names and its open disputes (`disputed_count`) */
export type StatementRead = NonNullable<Answer<'statement'>>;
export type StatementListRow = Answer<'page'>['rows'][number];
/** a sub-order awaiting a statement (allHasDoneOrder) */
export type DoneOrderRow = Answer<'doneOrderPage'>['rows'][number];
/** a line with its sub-order and order numbers, its running total (`cum_end`) and what a live claim holds of it */
export type StatementLineRead = Answer<'linePage'>['rows'][number];
export type StatementLogRead = Answer<'log'>[number];
export type StatementAllocationRead = Answer<'allocations'>[number];
export type CarriedToRow = Answer<'carriedTo'>[number];
/** a line on complaint hold, with where it ends in its statement's line order (`cum_end`) */
export type HeldLineRow = Answer<'heldLines'>[number];

/**
 * Whose statements a caller reaches: one institute (its finance), one supplier (its accounts), or
 * every one (null: the platform admin). Every query below takes it, so a foreign id reads as absent.
 */
export interface Reach {
  instituteId: number | null;
  supplierId: number | null;
}

export interface Paging {
  current: number;
  size: number;
}

/** When each sub-order reached one of `states`: its latest order-log row that moved it there. */
export const doneAt = (db: Executor, states: readonly string[]) =>
  db
    .selectFrom('order_log')
    .select(['sub_order_id', (eb) => eb.fn.max('created_at').as('at')])
    .where('to_status', 'in', [...states])
    .where('sub_order_id', 'is not', null)
    .groupBy('sub_order_id');

const num = (v: unknown) => Number(v ?? 0);

/** Deductions that carry an earlier statement's credit (a statement settled below 0), on live statements only. */
const liveCarries = (db: Executor) =>
  db.selectFrom('statement_deduction as d').innerJoin('statement as t', 't.id', 'd.statement_id').where('d.kind', '=', 'carry').where('t.live', '=', 1);

/** How much of each credit live statements deduct, by source statement: `carried`. */
export const carriedOut = (db: Executor) =>
  liveCarries(db)
    .select(['d.source_statement_id', (eb) => eb.fn.sum<number>('d.amount').as('carried')])
    .groupBy('d.source_statement_id');

/** SQL of statements: the set-based generation, lists by reach, conditional moves, disputes and totals. */
export class StatementsRepository implements StatementsStore {
  constructor(private readonly db: Executor) {}

  /** The same queries on a transaction the calling use case opened (a payment's, for instance). */
  within(trx: Transaction<DB>) {
    return new StatementsRepository(trx);
  }

  /** Which of these sub-orders an open complaint holds (complaints' reading). */
  heldAmong(subOrderIds: readonly number[]) {
    return heldAmong(this.db, subOrderIds);
  }

  async supplierExists(supplierId: number) {
    return !!(await this.db.selectFrom('supplier').select('id').where('id', '=', supplierId).executeTakeFirst());
  }

  inTransaction<T>(fn: (repo: StatementsRepository, trx: Transaction<DB>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => fn(new StatementsRepository(trx), trx));
  }

  // ── sub-orders awaiting a statement (allHasDoneOrder) ───────────────────
  private doneOrders(reach: Reach, f: { supplierId?: number; instituteId?: number; from?: string; to?: string; subNo?: string }, states: readonly string[]) {
    let q = this.db
      .selectFrom('sub_order as s')
      .innerJoin('purchase_order as po', 'po.id', 's.order_id')
      .innerJoin(doneAt(this.db, states).as('ev'), 'ev.sub_order_id', 's.id')
      .where('s.status', 'in', [...states])
      .where('po.institute_id', 'is not', null)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('statement_line as l').select('l.id').whereRef('l.sub_order_id', '=', 's.id').where('l.live', '=', 1).where('l.refund_id', 'is', null),
          ),
        ),
      );
    if (reach.instituteId !== null) q = q.where('po.institute_id', '=', reach.instituteId);
    if (reach.supplierId !== null) q = q.where('s.supplier_id', '=', reach.supplierId);
    if (f.instituteId) q = q.where('po.institute_id', '=', f.instituteId);
    if (f.supplierId) q = q.where('s.supplier_id', '=', f.supplierId);
    if (f.from) q = q.where('ev.at', '>=', f.from);
    if (f.to) q = q.where('ev.at', '<', f.to);
    if (f.subNo) q = q.where('s.sub_no', 'like', `%${f.subNo}%`);
    return q;
  }

  async doneOrderPage(reach: Reach, f: Parameters<StatementsRepository['doneOrders']>[1], states: readonly string[], p: Paging) {
    const [rows, count] = await Promise.all([
      this.doneOrders(reach, f, states)
        .innerJoin('supplier as sp', 'sp.id', 's.supplier_id')
        .innerJoin('institute as i', 'i.id', 'po.institute_id')
        .select([
          's.id',
          's.sub_no',
          's.status',
          's.total_amount',
          's.supplier_id',
          'po.order_no',
          'po.institute_id',
          'sp.company_name',
          'i.name as institute_name',
          'ev.at',
        ])
        .orderBy('ev.at', 'desc')
        .orderBy('s.id', 'desc')
        .limit(p.size)
        .offset((p.current - 1) * p.size)
        .execute(),
      this.doneOrders(reach, f, states)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: num(count.n) };
  }

  // ── generation ───────────────────────────────────────────────────────────
  async insertStatement(v: { institute_id: number; supplier_id: number; month: string; period_start: string; period_end: string; created_by: number }) {
    const now = new Date().toISOString();
    const row = await this.db
      .insertInto('statement')
      .values({ ...v, statement_no: `tmp-${crypto.randomUUID()}`, status: 'draft', last_reason: null, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const no = `DZ${v.month.replace('-', '')}${String(row.id).padStart(6, '0')}`;
    await this.db.updateTable('statement').set({ statement_no: no }).where('id', '=', row.id).execute();
    return { id: row.id, statementNo: no };
  }

  /**
   * The lines of a new statement in one INSERT … SELECT: every sub-order of the supplier and
   * institute in a counted state, reached by the period's end, that no live statement holds (so a
   * sub-order accepted late or removed in a dispute joins the next statement). A refund is shown
   * with nothing due. The partial unique index settles a race with another statement.
   */
  async insertLines(statementId: number, supplierId: number, instituteId: number, periodEnd: string, states: readonly string[]) {
    const now = new Date().toISOString();
    const due = sql<number>`case when ${sql.ref('s.status')} = 'completed' then ${sql.ref('s.total_amount')} else 0 end`;
    const select = this.db
      .selectFrom('sub_order as s')
      .innerJoin('purchase_order as po', 'po.id', 's.order_id')
      .innerJoin(doneAt(this.db, states).as('ev'), 'ev.sub_order_id', 's.id')
      .where('s.supplier_id', '=', supplierId)
      .where('po.institute_id', '=', instituteId)
      .where('s.status', 'in', [...states])
      .where('ev.at', '<', periodEnd)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('statement_line as l').select('l.id').whereRef('l.sub_order_id', '=', 's.id').where('l.live', '=', 1).where('l.refund_id', 'is', null),
          ),
        ),
      )
      .select([
        sql.lit(statementId).as('statement_id'),
        's.id as sub_order_id',
        sql<string>`case when ${sql.ref('s.status')} = 'completed' then 'accepted' else 'refund' end`.as('kind'),
        'ev.at as done_at',
        's.total_amount as ordered_amount',
        due.as('accepted_amount'),
        due.as('amount'),
        due.as('original_amount'),
        sql.lit(1).as('live'),
        sql.lit('none').as('dispute'),
        sql<string>`cast(${now} as text)`.as('created_at'),
      ]);
    await this.db
      .insertInto('statement_line')
      .columns([
        'statement_id',
        'sub_order_id',
        'kind',
        'done_at',
        'ordered_amount',
        'accepted_amount',
        'amount',
        'original_amount',
        'live',
        'dispute',
        'created_at',
      ])
      .expression(select)
      .execute();
    await this.insertRefundLines(statementId, supplierId, instituteId, periodEnd, now);
  }

  /**
   * The refunds after delivery (after-sales) of the supplier's accepted sub-orders for the institute,
   * made by the period's end, that no live statement holds yet: one negative line each, once the
   * sub-order's own line is on a live statement (this one or an earlier one), so a refund never
   * reaches a statement before what it refunds.
   */
  private async insertRefundLines(statementId: number, supplierId: number, instituteId: number, periodEnd: string, now: string) {
    const select = this.db
      .selectFrom('sub_order_refund as r')
      .innerJoin('sub_order as s', 's.id', 'r.sub_order_id')
      .innerJoin('purchase_order as po', 'po.id', 's.order_id')
      .where('r.supplier_id', '=', supplierId)
      .where('po.institute_id', '=', instituteId)
      .where('s.status', '=', 'completed')
      .where('r.done_at', '<', periodEnd)
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('statement_line as own')
            .select('own.id')
            .whereRef('own.sub_order_id', '=', 's.id')
            .where('own.live', '=', 1)
            .where('own.refund_id', 'is', null),
        ),
      )
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('statement_line as l').select('l.id').whereRef('l.refund_id', '=', 'r.id').where('l.live', '=', 1))),
      )
      .select([
        sql.lit(statementId).as('statement_id'),
        's.id as sub_order_id',
        sql.lit('refund').as('kind'),
        'r.done_at as done_at',
        sql.lit(0).as('ordered_amount'),
        sql.lit(0).as('accepted_amount'),
        sql<number>`0 - ${sql.ref('r.amount')}`.as('amount'),
        sql<number>`0 - ${sql.ref('r.amount')}`.as('original_amount'),
        sql.lit(1).as('live'),
        sql.lit('none').as('dispute'),
        sql<string>`cast(${now} as text)`.as('created_at'),
        'r.id as refund_id',
      ]);
    await this.db
      .insertInto('statement_line')
      .columns([
        'statement_id',
        'sub_order_id',
        'kind',
        'done_at',
        'ordered_amount',
        'accepted_amount',
        'amount',
        'original_amount',
        'live',
        'dispute',
        'created_at',
        'refund_id',
      ])
      .expression(select)
      .execute();
  }

  insertDeductions(statementId: number, ds: readonly { name: string; kind: string; value: number }[]) {
    if (ds.length === 0) return Promise.resolve();
    return this.db
      .insertInto('statement_deduction')
      .values(ds.map((d) => ({ statement_id: statementId, name: d.name, kind: d.kind, value: d.value, amount: 0 })))
      .execute();
  }

  // ── credits carried forward (migration 042) ──
  /**
   * Earlier statements of this supplier and institute that left it owing the institute (settled
   * with a net below 0) and still have some of it left: what live statements do not yet deduct.
   */
  async openCredits(instituteId: number, supplierId: number) {
    const rows = await this.db
      .selectFrom('statement as s')
      .leftJoin(carriedOut(this.db).as('u'), 'u.source_statement_id', 's.id')
      .select(['s.id', 's.statement_no', 's.net_amount', 'u.carried'])
      .where('s.institute_id', '=', instituteId)
      .where('s.supplier_id', '=', supplierId)
      .where('s.live', '=', 1)
      .where('s.status', 'in', ['paid', 'closed'])
      .where('s.net_amount', '<', 0)
      .orderBy('s.id')
      .execute();
    return rows.map((r) => ({ id: r.id, statementNo: r.statement_no, left: -num(r.net_amount) - num(r.carried) })).filter((c) => c.left > 0);
  }

  /** Holds the statements' rows until the transaction ends (PostgreSQL row locks, taken in id order; SQLite's single writer already). */
  async lock(ids: readonly number[]) {
    for (const id of [...ids].sort((a, b) => a - b)) await this.db.updateTable('statement').set({ status: sql`status` }).where('id', '=', id).execute();
  }

  insertCarries(statementId: number, carries: readonly { sourceId: number; name: string; value: number }[]) {
    if (carries.length === 0) return Promise.resolve();
    return this.db
      .insertInto('statement_deduction')
      .values(carries.map((c) => ({ statement_id: statementId, name: c.name, kind: 'carry', value: c.value, amount: 0, source_statement_id: c.sourceId })))
      .execute();
  }

  /** A carry keeps what it could deduct when made: a later correction may lower it, never raise it past what was free then. */
  async settleCarries(statementId: number) {
    // nothing to deduct from (this statement is itself at or below 0): the credit waits for the next one
    await this.db.deleteFrom('statement_deduction').where('statement_id', '=', statementId).where('kind', '=', 'carry').where('amount', '=', 0).execute();
    await this.db.updateTable('statement_deduction').set({ value: sql`amount` }).where('statement_id', '=', statementId).where('kind', '=', 'carry').execute();
  }

  /** Where a statement's credit went: the live statements deducting it. */
  carriedTo(sourceId: number) {
    return liveCarries(this.db)
      .select(['t.id', 't.statement_no', 't.month', 'd.amount'])
      .where('d.source_statement_id', '=', sourceId)
      .orderBy('t.id')
      .execute();
  }

  deductions(statementId: number) {
    return this.db.selectFrom('statement_deduction').selectAll().where('statement_id', '=', statementId).orderBy('id').execute();
  }

  /** Gross and count from the live lines (sums of stored fen, never recomputed from rates). */
  async lineTotals(statementId: number) {
    const r = await this.db
      .selectFrom('statement_line')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('amount').as('gross')])
      .where('statement_id', '=', statementId)
      .where('live', '=', 1)
      .executeTakeFirstOrThrow();
    return { count: num(r.n), gross: num(r.gross) };
  }

  async setTotals(statementId: number, t: { count: number; gross: number; deductions: { id: number; amount: number }[] }) {
    for (const d of t.deductions) await this.db.updateTable('statement_deduction').set({ amount: d.amount }).where('id', '=', d.id).execute();
    const ded = t.deductions.reduce((a, d) => a + d.amount, 0);
    await this.db
      .updateTable('statement')
      .set({ line_count: t.count, gross_amount: t.gross, deduction_amount: ded, net_amount: t.gross - ded, updated_at: new Date().toISOString() })
      .where('id', '=', statementId)
      .execute();
  }

  // ── reads ────────────────────────────────────────────────────────────────
  private reached(reach: Reach) {
    let q = this.db.selectFrom('statement as st').innerJoin('supplier as sp', 'sp.id', 'st.supplier_id').innerJoin('institute as i', 'i.id', 'st.institute_id');
    if (reach.instituteId !== null) q = q.where('st.institute_id', '=', reach.instituteId);
    // a supplier sees a statement once finance has sent it (drafts, and drafts cancelled, are finance's own)
    if (reach.supplierId !== null) q = q.where('st.supplier_id', '=', reach.supplierId).where('st.status', 'not in', ['draft', 'cancelled']);
    return q;
  }

  private withNames() {
    return [
      'st.id',
      'st.statement_no',
      'st.institute_id',
      'st.supplier_id',
      'st.month',
      'st.period_start',
      'st.period_end',
      'st.status',
      'st.live',
      'st.line_count',
      'st.gross_amount',
      'st.deduction_amount',
      'st.net_amount',
      'st.paid_amount',
      'st.last_reason',
      'st.created_by',
      'st.created_at',
      'st.updated_at',
      'sp.company_name as supplier_name',
      'sp.credit_code as supplier_credit_code',
      'i.name as institute_name',
    ] as const;
  }

  statement(id: number, reach: Reach) {
    return this.reached(reach)
      .select(this.withNames())
      .select((eb) =>
        eb
          .selectFrom('statement_line as dl')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('dl.statement_id', '=', 'st.id')
          .where('dl.live', '=', 1)
          .where('dl.dispute', '=', 'disputed')
          .as('disputed_count'),
      )
      .where('st.id', '=', id)
      .executeTakeFirst();
  }

  statementByNo(no: string, instituteId: number) {
    return this.reached({ instituteId, supplierId: null }).select(this.withNames()).where('st.statement_no', '=', no).executeTakeFirst();
  }

  async page(reach: Reach, f: { status?: string; supplierId?: number; instituteId?: number; month?: string; statementNo?: string }, p: Paging) {
    let q = this.reached(reach);
    if (f.status) q = q.where('st.status', '=', f.status);
    if (f.supplierId) q = q.where('st.supplier_id', '=', f.supplierId);
    if (f.instituteId) q = q.where('st.institute_id', '=', f.instituteId);
    if (f.month) q = q.where('st.month', '=', f.month);
    if (f.statementNo) q = q.where('st.statement_no', 'like', `%${f.statementNo}%`);
    const [rows, count] = await Promise.all([
      q
        .select(this.withNames())
        .select((eb) =>
          eb
            .selectFrom('statement_line as dl')
            .select(eb.fn.countAll<number>().as('n'))
            .whereRef('dl.statement_id', '=', 'st.id')
            .where('dl.live', '=', 1)
            .where('dl.dispute', '=', 'disputed')
            .as('disputed_count'),
        )
        .orderBy('st.id', 'desc')
        .limit(p.size)
        .offset((p.current - 1) * p.size)
        .execute(),
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: num(count.n) };
  }

  /**
   * A page of a statement's lines in line order, each with the running total of the live lines up
   * to it (how far the payments reach), the sub-order and order numbers and the amount a live
   * claim holds.
   */
  async linePage(statementId: number, o: { disputedOnly: boolean; includeRemoved: boolean }, p: Paging | null) {
    // Each line's running total over the statement's live lines (payments cover lines in order;
    // negative refund lines are settled with the last payment, like deductions, so they add nothing),
    // computed in one pass over the statement, then filtered and paged outside: a join on a
    // windowed subquery made PostgreSQL rescan it per line (41 s for a 20,000-line statement).
    const lines = this.db
      .selectFrom('statement_line')
      .selectAll()
      .select(sql<number>`sum(case when live = 1 and amount > 0 then amount else 0 end) over (order by id)`.as('cum_end'))
      .where('statement_id', '=', statementId);
    let q = this.db.selectFrom(lines.as('l')).innerJoin('sub_order as s', 's.id', 'l.sub_order_id').innerJoin('purchase_order as po', 'po.id', 's.order_id');
    if (!o.includeRemoved) q = q.where('l.live', '=', 1);
    if (o.disputedOnly) q = q.where('l.dispute', '!=', 'none');
    const rowsQ = q
      .select([
        'l.id',
        'l.sub_order_id',
        'l.kind',
        'l.done_at',
        'l.ordered_amount',
        'l.accepted_amount',
        'l.amount',
        'l.original_amount',
        'l.live',
        'l.dispute',
        'l.dispute_reason',
        'l.correction_note',
        'l.refund_id',
        's.sub_no',
        'po.order_no',
        'l.cum_end',
      ])
      .select((eb) => eb.selectFrom('sub_order_refund as sr').select('sr.ref').whereRef('sr.id', '=', 'l.refund_id').as('refund_no'))
      .select((eb) =>
        eb
          .selectFrom('claim_sub_order as cs')
          .innerJoin('claim as cl', 'cl.id', 'cs.claim_id')
          .select((e2) => e2.fn.sum<number>('cs.amount').as('a'))
          .whereRef('cs.sub_order_id', '=', 'l.sub_order_id')
          .where('cs.live', '=', 1)
          .where('cl.status', 'not in', ['draft', 'cancelled'])
          .as('claimed'),
      )
      .orderBy('l.id');
    if (!p) return { rows: await rowsQ.execute(), total: -1 };
    let counted = this.db.selectFrom('statement_line').where('statement_id', '=', statementId);
    if (!o.includeRemoved) counted = counted.where('live', '=', 1);
    if (o.disputedOnly) counted = counted.where('dispute', '!=', 'none');
    const [rows, count] = await Promise.all([
      rowsQ
        .limit(p.size)
        .offset((p.current - 1) * p.size)
        .execute(),
      counted.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: num(count.n) };
  }

  line(statementId: number, lineId: number) {
    return this.db
      .selectFrom('statement_line')
      .selectAll()
      .where('statement_id', '=', statementId)
      .where('id', '=', lineId)
      .where('live', '=', 1)
      .executeTakeFirst();
  }

  log(statementId: number) {
    return this.db
      .selectFrom('statement_log as g')
      .leftJoin('app_user as u', 'u.id', 'g.actor_id')
      .select(['g.action', 'g.actor', 'g.from_status', 'g.to_status', 'g.reason', 'g.created_at', 'u.real_name', 'u.user_name'])
      .where('g.statement_id', '=', statementId)
      .orderBy('g.id')
      .execute();
  }

  allocations(statementId: number) {
    return this.db
      .selectFrom('settle_payment_allocation as a')
      .innerJoin('settle_payment as p', 'p.id', 'a.payment_id')
      .select(['p.id', 'p.payment_no', 'p.bank_ref', 'p.paid_on', 'p.source', 'a.amount'])
      .where('a.statement_id', '=', statementId)
      .orderBy('p.id')
      .execute();
  }

  // ── moves ────────────────────────────────────────────────────────────────
  /** Conditional state change: true when the statement was still in one of `from`. */
  async move(id: number, from: readonly string[], set: { status: string; last_reason?: string | null; live?: number }) {
    const r = await this.db
      .updateTable('statement')
      .set({ ...set, updated_at: new Date().toISOString() })
      .where('id', '=', id)
      .where('status', 'in', [...from])
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  writeLog(v: { statement_id: number; actor_id: number | null; actor: string; action: string; from_status: string; to_status: string; reason: string | null }) {
    return this.db
      .insertInto('statement_log')
      .values({ ...v, created_at: new Date().toISOString() })
      .execute();
  }

  releaseLines(statementId: number) {
    return this.db.updateTable('statement_line').set({ live: 0 }).where('statement_id', '=', statementId).execute();
  }

  /** Marks lines disputed with their reasons; answers how many live lines of the statement matched. */
  async disputeLines(statementId: number, lines: { lineId: number; reason: string }[]) {
    let n = 0;
    for (const l of lines) {
      const r = await this.db
        .updateTable('statement_line')
        .set({ dispute: 'disputed', dispute_reason: l.reason })
        .where('statement_id', '=', statementId)
        .where('id', '=', l.lineId)
        .where('live', '=', 1)
        .executeTakeFirst();
      n += Number(r.numUpdatedRows);
    }
    return n;
  }

  async resolveLine(statementId: number, lineId: number, set: { dispute: 'corrected' | 'removed'; amount?: number; live?: number; correction_note: string }) {
    const r = await this.db
      .updateTable('statement_line')
      .set(set)
      .where('statement_id', '=', statementId)
      .where('id', '=', lineId)
      .where('live', '=', 1)
      .where('dispute', '=', 'disputed')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /**
   * The live lines on complaint hold (an open complaint on their sub-order) of statements in
   * `statuses`, within the reach and filters, each with where it ends in the statement's line order
   * (what payments must not reach) and its statement's paid figures.
   */
  heldLines(reach: Reach, f: { statementIds?: number[]; instituteId?: number; supplierId?: number }, statuses: readonly string[]) {
    const withHeld = this.db
      .selectFrom('statement_line as hl')
      .select('hl.statement_id')
      .where('hl.live', '=', 1)
      .where('hl.sub_order_id', 'in', heldSubOrderIds(this.db));
    const cum = this.db
      .selectFrom('statement_line')
      .select([
        'id',
        'statement_id',
        'sub_order_id',
        'amount',
        sql<number>`sum(case when amount > 0 then amount else 0 end) over (partition by statement_id order by id)`.as('cum_end'),
      ])
      .where('live', '=', 1)
      .where('statement_id', 'in', withHeld);
    let q = this.db
      .selectFrom(cum.as('c'))
      .innerJoin('statement as st', 'st.id', 'c.statement_id')
      .innerJoin('sub_order as s', 's.id', 'c.sub_order_id')
      .where('c.amount', '>', 0)
      .where('c.sub_order_id', 'in', heldSubOrderIds(this.db))
      .where('st.status', 'in', [...statuses]);
    if (f.statementIds) q = q.where('st.id', 'in', f.statementIds);
    if (reach.instituteId !== null) q = q.where('st.institute_id', '=', reach.instituteId);
    if (reach.supplierId !== null) q = q.where('st.supplier_id', '=', reach.supplierId);
    if (f.instituteId) q = q.where('st.institute_id', '=', f.instituteId);
    if (f.supplierId) q = q.where('st.supplier_id', '=', f.supplierId);
    return q
      .select([
        'c.statement_id',
        'c.sub_order_id',
        'c.amount',
        'c.cum_end',
        'st.statement_no',
        'st.status',
        'st.supplier_id',
        'st.institute_id',
        'st.paid_amount',
        'st.gross_amount',
        'st.net_amount',
        's.sub_no',
      ])
      .orderBy('c.statement_id')
      .orderBy('c.id')
      .execute();
  }

  async openDisputes(statementId: number) {
    const r = await this.db
      .selectFrom('statement_line')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('statement_id', '=', statementId)
      .where('live', '=', 1)
      .where('dispute', '=', 'disputed')
      .executeTakeFirstOrThrow();
    return num(r.n);
  }
}
