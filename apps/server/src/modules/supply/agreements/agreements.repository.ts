import type { Transaction, Updateable } from 'kysely';
import type { Executor } from '../../../platform/db/executor.ts';
import { containsText } from '../../../platform/db/like.ts';
import { pageWithTotal } from '../../../platform/db/page-with-total.ts';
import type { DB, SupplierContractTable } from '../../../platform/db/schema.ts';
import { contractedSuppliers } from './contract-gate.ts';

/** Sub-orders whose goods or money are still moving (not ended): the exit form counts them. */
const OPEN_SUB_STATUSES = ['waiting', 'to_confirm', 'to_deliver', 'partially_delivered', 'delivered', 'arrived', 'rejected', 'refund_requested'];

export interface ContractFilter {
  /** the supplier's own (from the session); undefined for the platform */
  supplierId?: number;
  instituteId?: number;
  status?: number;
  keyword?: string;
}

/** SQL for supplier contracts and their reminders; every list is narrowed by the service's filter. */
export class ContractsRepository {
  constructor(readonly db: Executor) {}

  /** Of these suppliers, those with a contract in force with the institute today (the contract gate). */
  contracted(instituteId: number, supplierIds: number[]) {
    return contractedSuppliers(this.db, instituteId, supplierIds);
  }

  inTransaction<T>(fn: (repo: ContractsRepository, trx: Transaction<DB>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => fn(new ContractsRepository(trx), trx));
  }

  private base() {
    return this.db
      .selectFrom('supplier_contract as c')
      .innerJoin('supplier as s', 's.id', 'c.supplier_id')
      .innerJoin('institute as i', 'i.id', 'c.institute_id')
      .selectAll('c')
      .select(['s.company_name as supplier_name', 's.credit_code', 'i.name as institute_name']);
  }

  private filtered(f: ContractFilter) {
    let q = this.base();
    if (f.supplierId !== undefined) q = q.where('c.supplier_id', '=', f.supplierId);
    if (f.instituteId !== undefined) q = q.where('c.institute_id', '=', f.instituteId);
    if (f.status !== undefined) q = q.where('c.status', '=', f.status);
    if (f.keyword) {
      const k = f.keyword;
      q = q.where((eb) => eb.or([containsText('c.contract_no', k), containsText('c.title', k)]));
    }
    return q;
  }

  async page(f: ContractFilter, current: number, size: number) {
    return pageWithTotal(this.filtered(f), (x) => x.orderBy('c.id', 'desc'), current, size);
  }

  all(f: ContractFilter) {
    return this.filtered(f).orderBy('c.id', 'desc').execute();
  }

  find(id: number) {
    return this.base().where('c.id', '=', id).executeTakeFirst();
  }

  async noTaken(supplierId: number, contractNo: string) {
    return !!(await this.db
      .selectFrom('supplier_contract')
      .select('id')
      .where('supplier_id', '=', supplierId)
      .where('contract_no', '=', contractNo)
      .executeTakeFirst());
  }

  async insert(row: Omit<SupplierContractTable, 'id' | 'version' | 'renew_status'> & { version: number }) {
    return (await this.db.insertInto('supplier_contract').values(row).returning('id').executeTakeFirstOrThrow()).id;
  }

  /** A conditional move: only from the state read (a concurrent move makes it 0 rows). */
  async move(id: number, from: number, patch: Updateable<SupplierContractTable>) {
    const r = await this.db.updateTable('supplier_contract').set(patch).where('id', '=', id).where('status', '=', from).executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  setRenewStatus(id: number, renewStatus: number, at: string) {
    return this.db.updateTable('supplier_contract').set({ renew_status: renewStatus, updated_at: at }).where('id', '=', id).execute();
  }

  /** Renewals of a contract still being prepared or signed (draft or pending signature). */
  openRenewals(originalId: number) {
    return this.db.selectFrom('supplier_contract').select(['id', 'status']).where('original_id', '=', originalId).where('status', 'in', [0, 2]).execute();
  }

  /** Active contracts past their end (the daily job's work). */
  pastEnd(today: string) {
    return this.db.selectFrom('supplier_contract').selectAll().where('status', '=', 1).where('end_date', '<', today).execute();
  }

  /** Active contracts ending within [from, to] whose renewal is not already under way or settled. */
  endingBetween(from: string, to: string, supplierId?: number) {
    let q = this.base().where('c.status', '=', 1).where('c.end_date', '>=', from).where('c.end_date', '<=', to);
    if (supplierId !== undefined) q = q.where('c.supplier_id', '=', supplierId);
    return q.orderBy('c.end_date').execute();
  }

  /** Records today's reminder; false when it was already sent (the unique key keeps it once per day). */
  async claimReminder(contractId: number, day: string, at: string) {
    const r = await this.db
      .insertInto('contract_reminder')
      .values({ contract_id: contractId, remind_date: day, created_at: at })
      .onConflict((oc) => oc.columns(['contract_id', 'remind_date']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return r !== undefined;
  }

  async reminders(contractIds: number[]) {
    if (!contractIds.length) return [];
    return this.db
      .selectFrom('contract_reminder')
      .select(['contract_id', 'remind_date'])
      .where('contract_id', 'in', contractIds)
      .orderBy('remind_date')
      .execute();
  }

  /** The institute's owners (研究所负责人): the institute's side of a contract. */
  async instituteOwners(instituteId: number) {
    const rows = await this.db
      .selectFrom('app_user')
      .innerJoin('user_role', 'user_role.user_id', 'app_user.id')
      .innerJoin('role', 'role.id', 'user_role.role_id')
      .select('app_user.id')
      .distinct()
      .where('role.code', '=', 'institute_owner')
      .where('app_user.institute_id', '=', instituteId)
      .where('app_user.deleted', '=', 0)
      .where('app_user.status', '=', 1)
      .execute();
    return rows.map((r) => r.id);
  }

  institute(id: number) {
    return this.db.selectFrom('institute').select(['id', 'name']).where('id', '=', id).where('status', '=', 1).executeTakeFirst();
  }

  institutes() {
    return this.db.selectFrom('institute').select(['id', 'name']).where('status', '=', 1).orderBy('id').execute();
  }

  /** Open sub-orders of the supplier for the institute, and the money still in them (fen). */
  async openOrders(supplierId: number, instituteId: number) {
    const r = await this.db
      .selectFrom('sub_order')
      .innerJoin('purchase_order', 'purchase_order.id', 'sub_order.order_id')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('sub_order.total_amount').as('amount')])
      .where('sub_order.supplier_id', '=', supplierId)
      .where('purchase_order.institute_id', '=', instituteId)
      .where('sub_order.status', 'in', OPEN_SUB_STATUSES)
      .executeTakeFirstOrThrow();
    return { count: Number(r.n), amount: Number(r.amount ?? 0) };
  }

  /** The province the institute's buyers deliver to most (their default addresses), or null. */
  async instituteProvince(instituteId: number): Promise<string | null> {
    const r = await this.db
      .selectFrom('recv_address')
      .innerJoin('app_user', 'app_user.id', 'recv_address.user_id')
      .select(['recv_address.province', (eb) => eb.fn.countAll<number>().as('n')])
      .where('app_user.institute_id', '=', instituteId)
      .where('recv_address.deleted', '=', 0)
      .groupBy('recv_address.province')
      .orderBy('n', 'desc')
      .orderBy('recv_address.province')
      .executeTakeFirst();
    return r?.province ?? null;
  }

  /** The supply areas of the supplier's items on sale ('' on any item means nationwide). */
  async supplyAreas(supplierId: number) {
    const rows = await this.db
      .selectFrom('item')
      .select('supply_areas')
      .distinct()
      .where('supplier_id', '=', supplierId)
      .where('deleted', '=', 0)
      .where('on_shelf', '=', 1)
      .execute();
    return rows.map((r) => r.supply_areas);
  }

  supplier(id: number) {
    return this.db.selectFrom('supplier').select(['id', 'company_name', 'status']).where('id', '=', id).executeTakeFirst();
  }
}

export type ContractRow = NonNullable<Awaited<ReturnType<ContractsRepository['find']>>>;
