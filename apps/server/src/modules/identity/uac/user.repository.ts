import type { Kysely, Transaction } from 'kysely';
import { nowIso } from '../../../platform/db/database.ts';
import type { Executor } from '../../../platform/db/executor.ts';
import type { DB } from '../../../platform/db/schema.ts';

export type UserRow = Awaited<ReturnType<UserRepository['findByUserName']>>;

/** SQL about one account: lookup, password, status and its departments. */
export class UserRepository {
  constructor(private readonly db: Kysely<DB>) {}

  findByUserName(userName: string) {
    return this.db.selectFrom('app_user').selectAll().where('user_name', '=', userName).where('deleted', '=', 0).executeTakeFirst();
  }

  findById(id: number) {
    return this.db.selectFrom('app_user').selectAll().where('id', '=', id).where('deleted', '=', 0).executeTakeFirst();
  }

  /** The account's active departments, in the order they were given. */
  listDepts(userId: number, db: Executor = this.db) {
    return db
      .selectFrom('user_dept')
      .innerJoin('dept', 'dept.id', 'user_dept.dept_id')
      .select(['dept.id', 'dept.name', 'user_dept.team_id'])
      .where('user_dept.user_id', '=', userId)
      .where('dept.status', '=', 1)
      .orderBy('dept.id')
      .execute();
  }

  listRoles(userId: number) {
    return this.db
      .selectFrom('user_role')
      .innerJoin('role', 'role.id', 'user_role.role_id')
      .select(['role.id', 'role.name', 'role.code'])
      .where('user_role.user_id', '=', userId)
      .orderBy('role.id')
      .execute();
  }

  instituteName(id: number | null) {
    if (id === null) return Promise.resolve(undefined);
    return this.db.selectFrom('institute').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
  }

  update(
    trx: Executor,
    id: number,
    set: Partial<Pick<DB['app_user'], 'status' | 'password_hash' | 'whether_force_modify_password' | 'current_dept_id' | 'default_dept_id'>>,
  ) {
    return trx
      .updateTable('app_user')
      .set({ ...set, updated_at: nowIso() } as never)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Moves an account from one status to another; false when it was not in `from` (a concurrent change). */
  async setStatusIf(trx: Executor, id: number, from: number, to: number): Promise<boolean> {
    const r = await trx.updateTable('app_user').set({ status: to, updated_at: nowIso() }).where('id', '=', id).where('status', '=', from).executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  transaction<T>(fn: (trx: Transaction<DB>) => Promise<T>) {
    return this.db.transaction().execute(fn);
  }
}
