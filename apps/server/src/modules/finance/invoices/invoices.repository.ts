import type { BillableQuery, InvoiceListQuery } from '@kc/contracts/finance/invoices';
import { type Insertable, type Selectable, sql, type Transaction } from 'kysely';
import type { Executor } from '../../../platform/db/executor.ts';
import { lockRows } from '../../../platform/db/row-lock.ts';
import type { DB, InvoiceSettingTable, InvoiceTable } from '../../../platform/db/schema.ts';
import { matchOf } from './match.repository.ts';

export type InvoiceRow = Selectable<InvoiceTable>;
export type SettingRow = Selectable<InvoiceSettingTable>;

/** When the checker accepted a sub-order: its order-log row that moved it to completed. */
const acceptedAt = (db: Executor) =>
  db
    .selectFrom('order_log')
    .select(['sub_order_id', (eb) => eb.fn.max('created_at').as('at')])
    .where('to_status', '=', 'completed')
    .where('sub_order_id', 'is not', null)
    .groupBy('sub_order_id');

/** Every invoice query; callers scope by supplier or institute before asking. */
export class InvoicesRepository {
  constructor(private readonly db: Executor) {}

  inTransaction<T>(fn: (r: InvoicesRepository, trx: Transaction<DB>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => fn(new InvoicesRepository(trx), trx));
  }

  /** The same queries on a transaction the calling use case opened (a claim's, for instance). */
  within(trx: Transaction<DB>) {
    return new InvoicesRepository(trx);
  }

  /** The three-way match of each sub-order (match.repository.ts). */
  match(subOrderIds: readonly number[]) {
    return matchOf(this.db, subOrderIds);
  }

  setting(instituteId: number) {
    return this.db.selectFrom('invoice_setting').selectAll().where('institute_id', '=', instituteId).executeTakeFirst();
  }

  institute(instituteId: number) {
    return this.db.selectFrom('institute').select(['id', 'name']).where('id', '=', instituteId).executeTakeFirst();
  }

  async saveSetting(row: Insertable<InvoiceSettingTable>) {
    await this.db
      .insertInto('invoice_setting')
      .values(row)
      .onConflict((oc) => oc.column('institute_id').doUpdateSet({ ...row }))
      .execute();
  }

  supplier(supplierId: number) {
    return this.db.selectFrom('supplier').select(['id', 'company_name', 'credit_code']).where('id', '=', supplierId).executeTakeFirstOrThrow();
  }

  /** Row locks on the sub-orders (PostgreSQL), taken in id order so two multi-order uploads cannot deadlock; SQLite transactions are serial already. */
  lockSubOrders(ids: number[]) {
    return lockRows(this.db, 'sub_order', ids);
  }

  /** The sub-orders an upload names, with their order's institute, and their lines. */
  async subOrders(ids: number[]) {
    if (ids.length === 0) return { subs: [], lines: [] };
    const [subs, lines] = await Promise.all([
      this.db
        .selectFrom('sub_order')
        .innerJoin('purchase_order', 'purchase_order.id', 'sub_order.order_id')
        .select(['sub_order.id', 'sub_order.sub_no', 'sub_order.supplier_id', 'sub_order.status', 'purchase_order.institute_id', 'purchase_order.order_no'])
        .where('sub_order.id', 'in', ids)
        .execute(),
      this.db
        .selectFrom('order_line')
        .select(['id', 'sub_order_id', 'name', 'spec', 'amount', 'tax_rate', 'quantity'])
        .where('sub_order_id', 'in', ids)
        .orderBy('id')
        .execute(),
    ]);
    return { subs, lines };
  }

  /** The order a sub-order belongs to (for the order's visibility rule). */
  subOrderHead(id: number) {
    return this.db
      .selectFrom('sub_order')
      .innerJoin('purchase_order', 'purchase_order.id', 'sub_order.order_id')
      .select(['sub_order.id', 'sub_order.sub_no', 'sub_order.order_id', 'sub_order.supplier_id', 'sub_order.status', 'purchase_order.institute_id'])
      .where('sub_order.id', '=', id)
      .executeTakeFirst();
  }

  acceptedAt(subIds: number[]) {
    if (subIds.length === 0) return Promise.resolve([]);
    return acceptedAt(this.db).where('sub_order_id', 'in', subIds).execute();
  }

  /** The invoice that already has this number (数电: seller tax id + number; legacy: code + number), with the sub-orders holding it. */
  async holder(code: string | null, number: string, sellerTaxId: string) {
    let q = this.db.selectFrom('invoice').select(['id', 'status', 'supplier_id']).where('number', '=', number);
    q = code ? q.where('code', '=', code) : q.where('code', 'is', null).where('seller_tax_id', '=', sellerTaxId);
    const inv = await q.executeTakeFirst();
    if (!inv) return null;
    return { ...inv, subNos: await this.subNosOf(inv.id) };
  }

  async subNosOf(invoiceId: number) {
    const rows = await this.db
      .selectFrom('invoice_allocation')
      .innerJoin('sub_order', 'sub_order.id', 'invoice_allocation.sub_order_id')
      .select('sub_order.sub_no')
      .distinct()
      .where('invoice_allocation.invoice_id', '=', invoiceId)
      .orderBy('sub_order.sub_no')
      .execute();
    return rows.map((r) => r.sub_no);
  }

  insertInvoice(row: Insertable<InvoiceTable>) {
    return this.db.insertInto('invoice').values(row).returning('id').executeTakeFirstOrThrow();
  }

  async insertLines(rows: Insertable<DB['invoice_line']>[]) {
    if (rows.length) await this.db.insertInto('invoice_line').values(rows).execute();
  }

  async insertAllocations(rows: Insertable<DB['invoice_allocation']>[]) {
    if (rows.length) await this.db.insertInto('invoice_allocation').values(rows).execute();
  }

  find(id: number) {
    return this.db.selectFrom('invoice').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The invoice a red one reverses, found by number among this supplier's invoices. */
  blueByNumber(supplierId: number, number: string) {
    return this.db
      .selectFrom('invoice')
      .selectAll()
      .where('supplier_id', '=', supplierId)
      .where('number', '=', number)
      .where('blue_invoice_id', 'is', null)
      .executeTakeFirst();
  }

  allocationsOf(invoiceIds: number[]) {
    if (invoiceIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('invoice_allocation')
      .innerJoin('sub_order', 'sub_order.id', 'invoice_allocation.sub_order_id')
      .select([
        'invoice_allocation.invoice_id',
        'invoice_allocation.sub_order_id',
        'invoice_allocation.order_line_id',
        'invoice_allocation.tax_rate',
        'invoice_allocation.amount',
        'sub_order.sub_no',
      ])
      .where('invoice_allocation.invoice_id', 'in', invoiceIds)
      .orderBy('invoice_allocation.id')
      .execute();
  }

  linesOf(invoiceIds: number[]) {
    if (invoiceIds.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('invoice_line').selectAll().where('invoice_id', 'in', invoiceIds).orderBy('invoice_id').orderBy('sort').execute();
  }

  /** Invoices with their red counterpart's number, the file's name and the accepting officer's name. */
  withRelations(ids: number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('invoice')
      .leftJoin('invoice as red', 'red.blue_invoice_id', 'invoice.id')
      .leftJoin('invoice as blue', 'blue.id', 'invoice.blue_invoice_id')
      .leftJoin('file_object', 'file_object.id', 'invoice.file_id')
      .leftJoin('app_user as acceptor', 'acceptor.id', 'invoice.exception_accepted_by')
      .selectAll('invoice')
      .select(['red.number as red_number', 'blue.number as blue_number', 'file_object.original_name as file_name', 'acceptor.real_name as acceptor_name'])
      .where('invoice.id', 'in', ids)
      .execute();
  }

  /** (sub-order, invoice) pairs of several sub-orders at once. */
  invoicePairsOfSubs(subOrderIds: number[]) {
    if (subOrderIds.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('invoice_allocation').select(['sub_order_id', 'invoice_id']).distinct().where('sub_order_id', 'in', subOrderIds).execute();
  }

  invoiceIdsOfSub(subOrderId: number) {
    return this.db
      .selectFrom('invoice_allocation')
      .select('invoice_id')
      .distinct()
      .where('sub_order_id', '=', subOrderId)
      .execute()
      .then((r) => r.map((x) => x.invoice_id));
  }

  /** A page of a supplier's invoices, newest first. */
  async supplierPage(supplierId: number, q: InvoiceListQuery) {
    let base = this.db.selectFrom('invoice').where('invoice.supplier_id', '=', supplierId);
    if (q.number) base = base.where('invoice.number', 'like', `%${q.number}%`);
    if (q.status) base = base.where('invoice.status', '=', q.status);
    if (q.instituteId) base = base.where('invoice.institute_id', '=', q.instituteId);
    if (q.subNo)
      base = base.where('invoice.id', 'in', (eb) =>
        eb
          .selectFrom('invoice_allocation')
          .innerJoin('sub_order', 'sub_order.id', 'invoice_allocation.sub_order_id')
          .select('invoice_allocation.invoice_id')
          .where('sub_order.sub_no', 'like', `%${q.subNo}%`),
      );
    const [rows, count] = await Promise.all([
      base
        .select('invoice.id')
        .orderBy('invoice.id', 'desc')
        .limit(q.size)
        .offset((q.current - 1) * q.size)
        .execute(),
      base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { ids: rows.map((r) => r.id), total: Number(count.n) };
  }

  /** A page of a supplier's accepted sub-orders (the ones to invoice), oldest acceptance first. */
  async billablePage(supplierId: number, q: BillableQuery, matchIds?: number[]) {
    let base = this.db
      .selectFrom('sub_order')
      .innerJoin('purchase_order', 'purchase_order.id', 'sub_order.order_id')
      .innerJoin('institute', 'institute.id', 'purchase_order.institute_id')
      .leftJoin('invoice_setting', 'invoice_setting.institute_id', 'purchase_order.institute_id')
      .leftJoin(acceptedAt(this.db).as('acc'), 'acc.sub_order_id', 'sub_order.id')
      .where('sub_order.supplier_id', '=', supplierId)
      .where('sub_order.status', '=', 'completed');
    if (q.subNo) base = base.where('sub_order.sub_no', 'like', `%${q.subNo}%`);
    if (q.instituteId) base = base.where('purchase_order.institute_id', '=', q.instituteId);
    if (matchIds) base = base.where('sub_order.id', 'in', matchIds.length ? matchIds : [0]);
    const [rows, count] = await Promise.all([
      base
        .select([
          'sub_order.id',
          'sub_order.sub_no',
          'sub_order.total_amount',
          'purchase_order.order_no',
          'purchase_order.institute_id',
          'institute.name as institute_name',
          'invoice_setting.buyer_title',
          'invoice_setting.buyer_tax_id',
          'invoice_setting.deadline_days',
          'acc.at as accepted_at',
        ])
        .orderBy(sql`coalesce(acc.at, sub_order.updated_at)`, 'desc')
        .orderBy('sub_order.id', 'desc')
        .limit(q.size)
        .offset((q.current - 1) * q.size)
        .execute(),
      base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  /** All of a supplier's accepted sub-order ids (the match filter is computed, not stored). */
  async completedSubIds(supplierId: number) {
    const rows = await this.db
      .selectFrom('sub_order')
      .select('id')
      .where('supplier_id', '=', supplierId)
      .where('status', '=', 'completed')
      .orderBy('id', 'desc')
      .limit(5000)
      .execute();
    return rows.map((r) => r.id);
  }

  /** Accepted sub-orders not fully billed whose deadline (acceptance + days) falls on `day` minus `offset` days. */
  async dueForReminder(since: string, until: string) {
    return this.db
      .selectFrom('sub_order')
      .innerJoin('purchase_order', 'purchase_order.id', 'sub_order.order_id')
      .innerJoin(acceptedAt(this.db).as('acc'), 'acc.sub_order_id', 'sub_order.id')
      .leftJoin('invoice_setting', 'invoice_setting.institute_id', 'purchase_order.institute_id')
      .select(['sub_order.id', 'sub_order.sub_no', 'sub_order.supplier_id', 'acc.at as accepted_at', 'invoice_setting.deadline_days'])
      .where('sub_order.status', '=', 'completed')
      .where('acc.at', '>=', since)
      .where('acc.at', '<', until)
      .execute();
  }

  /** Records a reminder once: false when it was already sent (the job may run twice). */
  async claimReminder(subOrderId: number, kind: string, now: string) {
    const r = await this.db
      .insertInto('invoice_reminder')
      .values({ sub_order_id: subOrderId, kind, created_at: now })
      .onConflict((oc) => oc.columns(['sub_order_id', 'kind']).doNothing())
      .returning('sub_order_id')
      .executeTakeFirst();
    return r !== undefined;
  }

  async deleteInvoice(id: number, fromStatus: string) {
    const r = await this.db.deleteFrom('invoice').where('id', '=', id).where('status', '=', fromStatus).executeTakeFirst();
    if (Number(r.numDeletedRows) === 0) return false;
    await this.db.deleteFrom('invoice_allocation').where('invoice_id', '=', id).execute();
    await this.db.deleteFrom('invoice_line').where('invoice_id', '=', id).execute();
    return true;
  }

  /** Conditional status change: false when the invoice was no longer in `from`. */
  async setStatus(id: number, from: readonly string[], set: Partial<Insertable<InvoiceTable>>) {
    const r = await this.db
      .updateTable('invoice')
      .set(set)
      .where('id', '=', id)
      .where('status', 'in', [...from])
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** Every invoice allocated to these sub-orders that is in one of `from` takes `to` (a claim taking or releasing them). */
  async moveInvoicesOf(subOrderIds: readonly number[], from: readonly string[], to: string) {
    const held = this.db
      .selectFrom('invoice_allocation')
      .select('invoice_id')
      .where('sub_order_id', 'in', [...subOrderIds]);
    await this.db
      .updateTable('invoice')
      .set({ status: to, updated_at: new Date().toISOString() })
      .where('id', 'in', held)
      .where('status', 'in', [...from])
      .execute();
  }

  /** Marks paper invoices promised (once: those already marked keep their time). */
  confirmPaper(invoiceIds: number[], at: string) {
    return this.db.updateTable('invoice').set({ paper_confirmed: 1, updated_at: at }).where('id', 'in', invoiceIds).where('paper_confirmed', '=', 0).execute();
  }

  /** Sub-orders that have at least one file-carrying invoice: files count against the institute's per-sub-order limit. */
  async filesPerSub(subIds: number[]) {
    if (subIds.length === 0) return new Map<number, number>();
    const rows = await this.db
      .selectFrom('invoice_allocation')
      .innerJoin('invoice', 'invoice.id', 'invoice_allocation.invoice_id')
      .select(['invoice_allocation.sub_order_id', (eb) => eb.fn.count<number | string>('invoice.file_id').distinct().as('n')])
      .where('invoice_allocation.sub_order_id', 'in', subIds)
      .where('invoice.file_id', 'is not', null)
      .groupBy('invoice_allocation.sub_order_id')
      .execute();
    return new Map(rows.map((r) => [r.sub_order_id, Number(r.n)]));
  }

  /** Fen already billed per order line (line billing), void invoices excluded. */
  async lineBilled(subIds: number[]) {
    const rows = await this.db
      .selectFrom('invoice_allocation')
      .innerJoin('invoice', 'invoice.id', 'invoice_allocation.invoice_id')
      .select(['invoice_allocation.order_line_id', (eb) => eb.fn.sum<number | string>('invoice_allocation.amount').as('fen')])
      .where('invoice_allocation.sub_order_id', 'in', subIds)
      .where('invoice_allocation.order_line_id', 'is not', null)
      .where('invoice.status', '!=', 'void')
      .groupBy('invoice_allocation.order_line_id')
      .execute();
    return new Map(rows.map((r) => [r.order_line_id as number, Number(r.fen)]));
  }

  async fileUsed(fileId: number) {
    return !!(await this.db.selectFrom('invoice').select('id').where('file_id', '=', fileId).executeTakeFirst());
  }

  file(id: number) {
    return this.db.selectFrom('file_object').select(['id', 'mime', 'size', 'purpose', 'uploaded_by', 'original_name']).where('id', '=', id).executeTakeFirst();
  }

  /** The invoice terms of an institute, for the session (docs/domains/finance.md#invoice-terms). */
  terms(instituteId: number) {
    return this.db
      .selectFrom('invoice_setting')
      .select(['invoice_type', 'invoice_time', 'pay_time'])
      .where('institute_id', '=', instituteId)
      .executeTakeFirst();
  }
}
