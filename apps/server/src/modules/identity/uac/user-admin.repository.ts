import { type Kysely, sql, type Transaction } from 'kysely';
import type { Caller } from '../../../platform/auth/access.ts';
import { applyUserScope } from '../../../platform/db/data-scope.ts';
import { nowIso } from '../../../platform/db/database.ts';
import type { Executor } from '../../../platform/db/executor.ts';
import { containsText } from '../../../platform/db/like.ts';
import type { DB } from '../../../platform/db/schema.ts';

export interface UserFilters {
  userName?: string;
  realName?: string;
  phoneNum?: string;
  deptId?: number;
}

const COLUMNS = [
  'app_user.id',
  'app_user.user_name',
  'app_user.real_name',
  'app_user.nick',
  'app_user.phone_num',
  'app_user.email',
  'app_user.account_type',
  'app_user.status',
  'app_user.verification',
  'app_user.whether_force_modify_password',
  'app_user.institute_id',
  'app_user.default_dept_id',
  'app_user.current_dept_id',
  'app_user.created_at',
  'institute.name as institute_name',
] as const;

export type AdminUserRow = Awaited<ReturnType<UserAdminRepository['findVisible']>> & {};

/** SQL of user administration: scoped lists and lookups, soft deletion (accounts are opened by AccountsService). */
export class UserAdminRepository {
  constructor(private readonly db: Kysely<DB>) {}

  private scoped(c: Caller) {
    const q = this.db.selectFrom('app_user').leftJoin('institute', 'institute.id', 'app_user.institute_id').where('app_user.deleted', '=', 0);
    return applyUserScope(q, c);
  }

  async page(c: Caller, f: UserFilters, offset: number, limit: number) {
    let q = this.scoped(c);
    const contains = (col: 'app_user.user_name' | 'app_user.real_name' | 'app_user.phone_num', v: string) => containsText(col, v);
    if (f.userName) q = q.where(contains('app_user.user_name', f.userName));
    if (f.realName) q = q.where(contains('app_user.real_name', f.realName));
    if (f.phoneNum) q = q.where(contains('app_user.phone_num', f.phoneNum));
    if (f.deptId !== undefined) {
      const deptId = f.deptId;
      q = q.where((eb) =>
        eb.exists(eb.selectFrom('user_dept as fd').select('fd.user_id').whereRef('fd.user_id', '=', 'app_user.id').where('fd.dept_id', '=', deptId)),
      );
    }
    const [{ n }, records] = await Promise.all([
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      q.select(COLUMNS).orderBy('app_user.id').offset(offset).limit(limit).execute(),
    ]);
    return { total: Number(n), records };
  }

  /** A live user inside the caller's data scope, or undefined (never telling which of the two failed). */
  findVisible(c: Caller, id: number) {
    return this.scoped(c).select(COLUMNS).where('app_user.id', '=', id).executeTakeFirst();
  }

  deptsOf(userIds: number[]) {
    if (!userIds.length) return Promise.resolve([]);
    return this.db
      .selectFrom('user_dept')
      .innerJoin('dept', 'dept.id', 'user_dept.dept_id')
      .leftJoin('team', 'team.id', 'user_dept.team_id')
      .select(['user_dept.user_id', 'dept.id', 'dept.name', 'user_dept.team_id', 'team.name as team_name'])
      .where('user_dept.user_id', 'in', userIds)
      .where('dept.status', '=', 1)
      .orderBy('dept.id')
      .execute();
  }

  rolesOf(userIds: number[]) {
    if (!userIds.length) return Promise.resolve([]);
    return this.db
      .selectFrom('user_role')
      .innerJoin('role', 'role.id', 'user_role.role_id')
      .select(['user_role.user_id', 'role.id', 'role.name', 'role.code'])
      .where('user_role.user_id', 'in', userIds)
      .orderBy('role.id')
      .execute();
  }

  async roleIdsOf(userId: number) {
    return (await this.db.selectFrom('user_role').select('role_id').where('user_id', '=', userId).execute()).map((r) => r.role_id);
  }

  /** Deleted accounts keep their name: a login name is never handed to a second person. */
  async userNameTaken(userName: string, db: Executor = this.db) {
    const r = await db.selectFrom('app_user').select('id').where(sql<boolean>`lower(user_name) = ${userName.toLowerCase()}`).executeTakeFirst();
    return r !== undefined;
  }

  async countLive(instituteId: number, db: Executor = this.db) {
    const { n } = await db
      .selectFrom('app_user')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('institute_id', '=', instituteId)
      .where('deleted', '=', 0)
      .executeTakeFirstOrThrow();
    return Number(n);
  }

  async softDelete(trx: Executor, id: number) {
    const res = await trx.updateTable('app_user').set({ deleted: 1, updated_at: nowIso() }).where('id', '=', id).where('deleted', '=', 0).executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  transaction<T>(fn: (trx: Transaction<DB>) => Promise<T>) {
    return this.db.transaction().execute(fn);
  }
}
