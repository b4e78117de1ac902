import type { Transaction } from 'kysely';
import type { Executor } from '../../../platform/db/executor.ts';
import type { DB } from '../../../platform/db/schema.ts';

/** SQL for supplier self-registration and its review by the platform admin (the main account itself is opened by uac and rbac). */
export class RegistrationRepository {
  constructor(private readonly db: Executor) {}

  inTransaction<T>(fn: (repo: RegistrationRepository, trx: Transaction<DB>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => fn(new RegistrationRepository(trx), trx));
  }

  async userNameTaken(userName: string) {
    // deleted accounts keep their name: a name is never reused for someone else
    return !!(await this.db.selectFrom('app_user').select('id').where('user_name', '=', userName).executeTakeFirst());
  }

  async companyTaken(key: string) {
    return !!(await this.db.selectFrom('supplier').select('id').where('company_key', '=', key).where('status', '!=', 2).executeTakeFirst());
  }

  async filesAlreadyAttached(fileIds: number[]) {
    if (fileIds.length === 0) return false;
    return !!(await this.db.selectFrom('supplier_qualification').select('file_id').where('file_id', 'in', fileIds).executeTakeFirst());
  }

  builtInRoleId(code: string) {
    return this.db.selectFrom('role').select('id').where('code', '=', code).where('built_in', '=', 1).executeTakeFirstOrThrow();
  }

  insertSupplier(v: { companyName: string; companyKey: string; creditCode: string; contactName: string; contactPhone: string; email: string; now: string }) {
    return this.db
      .insertInto('supplier')
      .values({
        company_name: v.companyName,
        company_key: v.companyKey,
        credit_code: v.creditCode,
        contact_name: v.contactName,
        contact_phone: v.contactPhone,
        email: v.email,
        status: 0,
        child_account_limit: 10,
        refuse_reason: null,
        reviewed_by: null,
        reviewed_at: null,
        created_at: v.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  }

  insertQualifications(rows: { supplier_id: number; file_id: number; kind: string }[]) {
    return this.db.insertInto('supplier_qualification').values(rows).execute();
  }

  async reviewPage(f: { status?: number; companyName?: string; current: number; size: number }) {
    let q = this.db.selectFrom('supplier');
    if (f.status !== undefined) q = q.where('status', '=', f.status);
    if (f.companyName) q = q.where('company_name', 'like', `%${f.companyName.replace(/[\\%_]/g, (m) => `\\${m}`)}%`);
    const [rows, count] = await Promise.all([
      q
        .selectAll()
        .orderBy('id', 'desc')
        .limit(f.size)
        .offset((f.current - 1) * f.size)
        .execute(),
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  allSuppliers(activeOnly: boolean) {
    let q = this.db.selectFrom('supplier').select(['id', 'company_name', 'status']);
    if (activeOnly) q = q.where('status', '=', 1);
    return q.orderBy('company_name').execute();
  }

  updateInfo(id: number, set: { contact_name: string; contact_phone: string; email: string | null; child_account_limit: number }) {
    return this.db.updateTable('supplier').set(set).where('id', '=', id).execute();
  }

  updateCreditCode(id: number, creditCode: string) {
    return this.db.updateTable('supplier').set({ credit_code: creditCode }).where('id', '=', id).execute();
  }

  mainAccounts(supplierIds: number[]) {
    if (supplierIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('app_user')
      .select(['id', 'user_name', 'supplier_id', 'email'])
      .where('supplier_id', 'in', supplierIds)
      .where('parent_user_id', 'is', null)
      .execute();
  }

  qualifications(supplierIds: number[]) {
    if (supplierIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('supplier_qualification')
      .innerJoin('file_object', 'file_object.id', 'supplier_qualification.file_id')
      .select(['supplier_qualification.supplier_id', 'supplier_qualification.kind', 'file_object.id', 'file_object.original_name'])
      .where('supplier_qualification.supplier_id', 'in', supplierIds)
      .execute();
  }

  supplierById(id: number) {
    return this.db.selectFrom('supplier').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Moves a pending application; answers false when it was no longer pending (someone else decided). */
  /** Moves a registration only from the state it was read in; false when someone else decided first. */
  async decide(id: number, from: number, to: number, reason: string | null, reviewer: number, now: string) {
    const res = await this.db
      .updateTable('supplier')
      .set({ status: to, refuse_reason: reason, reviewed_by: reviewer, reviewed_at: now })
      .where('id', '=', id)
      .where('status', '=', from)
      .executeTakeFirst();
    return res.numUpdatedRows > 0n;
  }

  /** The login accounts of a supplier (its main account and child accounts). */
  async accountIds(supplierId: number): Promise<number[]> {
    return (await this.db.selectFrom('app_user').select('id').where('supplier_id', '=', supplierId).execute()).map((u) => u.id);
  }

  supplierStatus(id: number) {
    return this.db.selectFrom('supplier').select(['status', 'refuse_reason']).where('id', '=', id).executeTakeFirst();
  }
}
