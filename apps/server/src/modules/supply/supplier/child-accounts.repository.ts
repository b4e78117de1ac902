import type { Transaction } from 'kysely';
import type { Executor } from '../../../platform/db/executor.ts';
import { containsText } from '../../../platform/db/like.ts';
import type { DB } from '../../../platform/db/schema.ts';

/**
 * SQL of 子账号管理: a supplier's child accounts (app_user rows with parent_user_id) and their supplier
 * roles, read here; the accounts and their roles are written by uac and rbac.
 */
export class ChildAccountsRepository {
  constructor(private readonly db: Executor) {}

  inTransaction<T>(fn: (repo: ChildAccountsRepository, trx: Transaction<DB>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => fn(new ChildAccountsRepository(trx), trx));
  }

  /** Child accounts of a supplier: every account of it with a parent, the deleted ones left out. */
  private children(supplierId: number) {
    return this.db
      .selectFrom('app_user')
      .where('supplier_id', '=', supplierId)
      .where('account_type', '=', 2)
      .where('parent_user_id', 'is not', null)
      .where('deleted', '=', 0);
  }

  async page(supplierId: number, q: { userName?: string; realName?: string; status?: number; current: number; size: number }) {
    let base = this.children(supplierId);
    if (q.userName) base = base.where(containsText('user_name', q.userName));
    if (q.realName) base = base.where(containsText('real_name', q.realName));
    if (q.status !== undefined) base = base.where('status', q.status === 1 ? '=' : '!=', 1);
    const [rows, count] = await Promise.all([
      base
        .select(['id', 'user_name', 'real_name', 'phone_num', 'email', 'status', 'whether_force_modify_password', 'created_at'])
        .orderBy('id', 'desc')
        .limit(q.size)
        .offset((q.current - 1) * q.size)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  /** Child accounts that take a place under the limit: all but the disabled ones (a frozen account is still in use). */
  async countInUse(supplierId: number) {
    const r = await this.children(supplierId)
      .where('status', '!=', 0)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  /** One child account of this supplier (never another supplier's, never the main account). */
  child(supplierId: number, id: number) {
    return this.children(supplierId).select(['id', 'user_name', 'status']).where('id', '=', id).executeTakeFirst();
  }

  async rolesOf(userIds: number[]) {
    if (userIds.length === 0) return [];
    return this.db
      .selectFrom('user_role')
      .innerJoin('role', 'role.id', 'user_role.role_id')
      .select(['user_role.user_id', 'role.id', 'role.name', 'role.code'])
      .where('user_role.user_id', 'in', userIds)
      .orderBy('role.id')
      .execute();
  }

  /** The supplier-side roles a main account may give: built-in ones except the main account's own, and the supplier's own roles. */
  assignableRoles(supplierId: number) {
    return this.db
      .selectFrom('role')
      .select(['id', 'name', 'code'])
      .where('side', '=', 2)
      .where('code', '!=', 'supplier_admin')
      .where((eb) => eb.or([eb('supplier_id', 'is', null), eb('supplier_id', '=', supplierId)]))
      .where((eb) => eb.or([eb('built_in', '=', 1), eb('supplier_id', '=', supplierId)]))
      .orderBy('id')
      .execute();
  }

  async limitOf(supplierId: number) {
    const s = await this.db.selectFrom('supplier').select('child_account_limit').where('id', '=', supplierId).executeTakeFirstOrThrow();
    return s.child_account_limit;
  }

  /**
   * Takes the supplier's row lock until the transaction ends (a no-op update), so two concurrent
   * "count, then insert" steps cannot both pass the limit on PostgreSQL; SQLite serialises writers.
   */
  async lockSupplier(supplierId: number) {
    await this.db
      .updateTable('supplier')
      .set((eb) => ({ child_account_limit: eb.ref('child_account_limit') }))
      .where('id', '=', supplierId)
      .execute();
  }

  async userNameTaken(userName: string) {
    // deleted accounts keep their name: a name is never reused for someone else
    return !!(await this.db.selectFrom('app_user').select('id').where('user_name', '=', userName).executeTakeFirst());
  }
}
