import type { PayStatus } from '@kc/contracts/finance/settlement';
import { sql, type Transaction } from 'kysely';
import type { Executor } from '../../../platform/db/executor.ts';
import type { DB } from '../../../platform/db/schema.ts';
import type { PaymentsStore } from './payments.service.ts';
import { coveredOf, linePaid } from './settle-rules.ts';
import { carriedOut, type Paging, type Reach } from './statements.repository.ts';

const num = (v: unknown) => Number(v ?? 0);

// what the summaries below answer, row by row (the payments service and its in-memory fakes speak these)
type Answer<K extends keyof PaymentsRepository> = PaymentsRepository[K] extends (...a: never[]) => Promise<infer R> ? R : never;
/** per supplier and institute: approved statements' net (less credits carried on) and paid */
export type OwedRow = Answer<'owed'>[number];
export type SettledRow = Answer<'settledPage'>['rows'][number];
export type PaymentPage = Answer<'paymentPage'>;

/** SQL of payments: the payment row, the guarded allocation to a statement, and the settled and owed summaries. */
export class PaymentsRepository implements PaymentsStore {
  constructor(private readonly db: Executor) {}

  inTransaction<T>(fn: (repo: PaymentsRepository, trx: Transaction<DB>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => fn(new PaymentsRepository(trx), trx));
  }

  /** The same queries on a transaction the calling use case opened (a settlement batch's, for instance). */
  within(trx: Transaction<DB>) {
    return new PaymentsRepository(trx);
  }

  /** Pay status per sub-order (payStatusOf below). */
  payStatusOfSubs(subOrderIds: readonly number[]) {
    return payStatusOf(this.db, subOrderIds);
  }

  /** Pay status per invoice (invoicePayStatusOf below). */
  payStatusOfInvoices(invoiceIds: readonly number[]) {
    return invoicePayStatusOf(this.db, invoiceIds);
  }

  async insertPayment(v: {
    institute_id: number;
    supplier_id: number;
    bank_ref: string;
    paid_on: string;
    amount: number;
    source: 'manual' | 'api';
    batch_id: number | null;
    remark: string | null;
    created_by: number | null;
  }) {
    const row = await this.db
      .insertInto('settle_payment')
      .values({ ...v, payment_no: `tmp-${crypto.randomUUID()}`, created_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const no = `FK${v.paid_on.replaceAll('-', '')}${String(row.id).padStart(6, '0')}`;
    await this.db.updateTable('settle_payment').set({ payment_no: no }).where('id', '=', row.id).execute();
    return { id: row.id, paymentNo: no };
  }

  /**
   * Adds `amount` to a payable statement's paid amount only if it stays within the net: one
   * conditional UPDATE, so on PostgreSQL a parallel payment waits for this row and re-checks the
   * condition against the committed amount (no overpayment under READ COMMITTED); SQLite has one writer.
   */
  async allocate(paymentId: number, statementId: number, instituteId: number, supplierId: number, amount: number, payable: readonly string[]) {
    const r = await this.db
      .updateTable('statement')
      .set((eb) => ({
        paid_amount: eb('paid_amount', '+', amount),
        status: sql<string>`case when ${sql.ref('paid_amount')} + ${amount} = ${sql.ref('net_amount')} then 'paid' else 'partially_paid' end`,
        updated_at: new Date().toISOString(),
      }))
      .where('id', '=', statementId)
      .where('institute_id', '=', instituteId)
      .where('supplier_id', '=', supplierId)
      .where('status', 'in', [...payable])
      .where(sql<boolean>`${sql.ref('paid_amount')} + ${amount} <= ${sql.ref('net_amount')}`)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) return false;
    await this.db.insertInto('settle_payment_allocation').values({ payment_id: paymentId, statement_id: statementId, amount }).execute();
    return true;
  }

  /**
   * The sub-orders of a statement's accepted lines that became fully paid when what the payments
   * cover went from `before` to `after` (lines are covered in line order).
   */
  async newlyPaidSubs(statementId: number, before: number, after: number) {
    const cum = this.db
      .selectFrom('statement_line')
      .select(['sub_order_id', 'amount', sql<number>`sum(case when amount > 0 then amount else 0 end) over (order by id)`.as('cum_end')])
      .where('statement_id', '=', statementId)
      .where('live', '=', 1);
    const rows = await this.db
      .selectFrom(cum.as('c'))
      .select(['c.sub_order_id'])
      .where('c.amount', '>', 0)
      .where('c.cum_end', '>', before)
      .where('c.cum_end', '<=', after)
      .execute();
    return rows.map((r) => r.sub_order_id);
  }

  // ── what is owed, what was settled ──────────────────────────────────────
  owed(reach: Reach, f: { instituteId?: number; supplierId?: number }, approved: readonly string[]) {
    // a statement below 0 counts only for the part of its credit not yet deducted by a later
    // statement (that one's net already has it off): otherwise the credit would count twice
    let q = this.db
      .selectFrom('statement as st')
      .innerJoin('supplier as sp', 'sp.id', 'st.supplier_id')
      .innerJoin('institute as i', 'i.id', 'st.institute_id')
      .leftJoin(carriedOut(this.db).as('co'), 'co.source_statement_id', 'st.id')
      .where('st.status', 'in', [...approved]);
    if (reach.instituteId !== null) q = q.where('st.institute_id', '=', reach.instituteId);
    if (f.instituteId) q = q.where('st.institute_id', '=', f.instituteId);
    if (f.supplierId) q = q.where('st.supplier_id', '=', f.supplierId);
    return q
      .select((eb) => [
        'st.supplier_id',
        'st.institute_id',
        'sp.company_name',
        'i.name as institute_name',
        eb.fn.countAll<number>().as('n'),
        eb.fn.sum<number>(sql`${sql.ref('st.net_amount')} + coalesce(${sql.ref('co.carried')}, 0)`).as('net'),
        eb.fn.sum<number>('st.paid_amount').as('paid'),
      ])
      .groupBy(['st.supplier_id', 'st.institute_id', 'sp.company_name', 'i.name'])
      .orderBy('st.supplier_id')
      .orderBy('st.institute_id')
      .execute();
  }

  private payments(reach: Reach, f: { instituteId?: number; supplierId?: number; dateFrom?: string; dateTo?: string }) {
    let q = this.db
      .selectFrom('settle_payment as p')
      .innerJoin('supplier as sp', 'sp.id', 'p.supplier_id')
      .innerJoin('institute as i', 'i.id', 'p.institute_id');
    if (reach.instituteId !== null) q = q.where('p.institute_id', '=', reach.instituteId);
    if (reach.supplierId !== null) q = q.where('p.supplier_id', '=', reach.supplierId);
    if (f.instituteId) q = q.where('p.institute_id', '=', f.instituteId);
    if (f.supplierId) q = q.where('p.supplier_id', '=', f.supplierId);
    if (f.dateFrom) q = q.where('p.paid_on', '>=', f.dateFrom);
    if (f.dateTo) q = q.where('p.paid_on', '<=', f.dateTo);
    return q;
  }

  async settledPage(reach: Reach, f: Parameters<PaymentsRepository['payments']>[1], p: Paging) {
    const grouped = this.payments(reach, f)
      .select((eb) => [
        'p.supplier_id',
        'p.institute_id',
        'sp.company_name',
        'i.name as institute_name',
        eb.fn.countAll<number>().as('n'),
        eb.fn.sum<number>('p.amount').as('paid'),
        eb.fn.max('p.paid_on').as('last_paid_on'),
      ])
      .groupBy(['p.supplier_id', 'p.institute_id', 'sp.company_name', 'i.name']);
    const [rows, count] = await Promise.all([
      grouped
        .orderBy('p.supplier_id')
        .orderBy('p.institute_id')
        .limit(p.size)
        .offset((p.current - 1) * p.size)
        .execute(),
      this.db
        .selectFrom(grouped.as('g'))
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: num(count.n) };
  }

  async paymentPage(reach: Reach, f: Parameters<PaymentsRepository['payments']>[1], p: Paging) {
    const [rows, count] = await Promise.all([
      this.payments(reach, f)
        .selectAll('p')
        .select(['sp.company_name', 'i.name as institute_name'])
        .orderBy('p.paid_on', 'desc')
        .orderBy('p.id', 'desc')
        .limit(p.size)
        .offset((p.current - 1) * p.size)
        .execute(),
      this.payments(reach, f)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    const ids = rows.map((r) => r.id);
    const allocs = ids.length
      ? await this.db
          .selectFrom('settle_payment_allocation as a')
          .innerJoin('statement as st', 'st.id', 'a.statement_id')
          .select(['a.payment_id', 'a.statement_id', 'st.statement_no', 'a.amount'])
          .where('a.payment_id', 'in', ids)
          .orderBy('a.id')
          .execute()
      : [];
    return { rows, allocs, total: num(count.n) };
  }
}

/**
 * Pay status of sub-orders (未付款 / 付款中 / 部分付款 / 已付款) from the live statement line that holds
 * each: nothing before the statement is approved; once approved, how far the statement's payments
 * reach down its lines in line order. A sub-order on no statement, or a refund, is unpaid.
 */
export async function payStatusOf(db: Executor, subOrderIds: readonly number[]): Promise<Map<number, PayStatus>> {
  const ids = [...new Set(subOrderIds)];
  const out = new Map<number, PayStatus>(ids.map((id) => [id, 'unpaid']));
  if (ids.length === 0) return out;
  const held = await db
    .selectFrom('statement_line as l')
    .innerJoin('statement as st', 'st.id', 'l.statement_id')
    .select(['l.id', 'l.sub_order_id', 'l.statement_id', 'l.kind', 'st.status', 'st.paid_amount', 'st.gross_amount'])
    .where('l.sub_order_id', 'in', ids)
    .where('l.live', '=', 1)
    .where('l.refund_id', 'is', null)
    .where('st.status', 'in', ['finance_approved', 'partially_paid', 'paid', 'closed'])
    .execute();
  if (held.length === 0) return out;
  const cum = await db
    .selectFrom(
      db
        .selectFrom('statement_line')
        .select(['id', 'amount', sql<number>`sum(case when amount > 0 then amount else 0 end) over (partition by statement_id order by id)`.as('cum_end')])
        .where('statement_id', 'in', [...new Set(held.map((h) => h.statement_id))])
        .where('live', '=', 1)
        .as('c'),
    )
    .select(['c.id', 'c.amount', 'c.cum_end'])
    .where(
      'c.id',
      'in',
      held.map((h) => h.id),
    )
    .execute();
  const byLine = new Map(cum.map((c) => [c.id, { amount: num(c.amount), cumEnd: num(c.cum_end) }]));
  for (const h of held) {
    const l = byLine.get(h.id);
    if (!l || h.kind !== 'accepted' || l.amount === 0) continue;
    const paid = linePaid(l, coveredOf({ status: h.status, paid_amount: num(h.paid_amount), gross_amount: num(h.gross_amount) }));
    out.set(h.sub_order_id, paid >= l.amount ? 'paid' : paid > 0 ? 'partially_paid' : 'in_payment');
  }
  return out;
}

/** Pay status of invoices: from the sub-orders each bills (all paid → 已付款; some money → 部分付款; on an approved statement → 付款中). */
export async function invoicePayStatusOf(db: Executor, invoiceIds: readonly number[]): Promise<Map<number, PayStatus>> {
  const ids = [...new Set(invoiceIds)];
  const out = new Map<number, PayStatus>(ids.map((id) => [id, 'unpaid']));
  if (ids.length === 0) return out;
  const allocs = await db.selectFrom('invoice_allocation').select(['invoice_id', 'sub_order_id']).where('invoice_id', 'in', ids).execute();
  const subs = await payStatusOf(
    db,
    allocs.map((a) => a.sub_order_id),
  );
  const per = new Map<number, PayStatus[]>();
  for (const a of allocs) per.set(a.invoice_id, [...(per.get(a.invoice_id) ?? []), subs.get(a.sub_order_id) ?? 'unpaid']);
  for (const [id, ss] of per) {
    if (ss.every((s) => s === 'paid')) out.set(id, 'paid');
    else if (ss.some((s) => s === 'paid' || s === 'partially_paid')) out.set(id, 'partially_paid');
    else if (ss.some((s) => s === 'in_payment')) out.set(id, 'in_payment');
  }
  return out;
}
