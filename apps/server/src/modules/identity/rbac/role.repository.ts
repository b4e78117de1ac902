import type { Kysely, Transaction } from 'kysely';
import type { Caller } from '../../../platform/auth/access.ts';
import { applyUserScope } from '../../../platform/db/data-scope.ts';
import { nowIso } from '../../../platform/db/database.ts';
import type { Executor } from '../../../platform/db/executor.ts';
import { containsText } from '../../../platform/db/like.ts';
import type { DB } from '../../../platform/db/schema.ts';

/** Who sees which roles; null means everything (platform admin). */
export interface RoleVisibility {
  side: number;
  instituteId: number | null;
  supplierId: number | null;
}

export type RoleRow = Awaited<ReturnType<RoleRepository['findById']>> & {};

/** SQL about roles and the user ↔ role links. */
export class RoleRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** A live user the caller may see (the same data scope as the user lists), for handing roles. */
  async visibleUser(c: Caller, id: number) {
    const q = this.db.selectFrom('app_user').select(['app_user.id', 'app_user.account_type']).where('app_user.deleted', '=', 0).where('app_user.id', '=', id);
    const u = await applyUserScope(q, c).executeTakeFirst();
    return u ? { id: u.id, accountType: u.account_type } : undefined;
  }

  private visible(v: RoleVisibility | null) {
    let q = this.db.selectFrom('role');
    if (v) {
      q = q.where((eb) =>
        eb.or([
          eb.and([eb('built_in', '=', 1), eb('side', '=', v.side), eb('institute_id', 'is', null), eb('supplier_id', 'is', null)]),
          ...(v.instituteId === null ? [] : [eb('institute_id', '=', v.instituteId)]),
          ...(v.supplierId === null ? [] : [eb('supplier_id', '=', v.supplierId)]),
        ]),
      );
    }
    return q;
  }

  async page(v: RoleVisibility | null, name: string | undefined, offset: number, limit: number) {
    let q = this.visible(v);
    if (name) q = q.where(containsText('name', name));
    const [{ n }, records] = await Promise.all([
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      q.selectAll().orderBy('built_in', 'desc').orderBy('id').offset(offset).limit(limit).execute(),
    ]);
    return { total: Number(n), records };
  }

  findVisible(v: RoleVisibility | null, id: number) {
    return this.visible(v).selectAll().where('id', '=', id).executeTakeFirst();
  }

  findById(id: number, db: Executor = this.db) {
    return db.selectFrom('role').selectAll().where('id', '=', id).executeTakeFirst();
  }

  byIds(ids: number[], db: Executor = this.db) {
    if (!ids.length) return Promise.resolve([]);
    return db.selectFrom('role').selectAll().where('id', 'in', ids).orderBy('id').execute();
  }

  /** Codes are unique among the platform-wide roles and the roles of one institute. */
  async codeTaken(code: string, instituteId: number | null, exceptId: number | null, db: Executor = this.db) {
    let q = db.selectFrom('role').select('id').where('code', '=', code);
    if (instituteId !== null) q = q.where((eb) => eb.or([eb('institute_id', 'is', null), eb('institute_id', '=', instituteId)]));
    if (exceptId !== null) q = q.where('id', '<>', exceptId);
    return (await q.limit(1).executeTakeFirst()) !== undefined;
  }

  async instituteExists(id: number) {
    return (await this.db.selectFrom('institute').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
  }

  async insert(
    trx: Executor,
    r: { name: string; code: string; dataScope: string; side: number; instituteId: number | null; supplierId: number | null; remark: string | null },
  ) {
    const { id } = await trx
      .insertInto('role')
      .values({
        name: r.name,
        code: r.code,
        data_scope: r.dataScope,
        side: r.side,
        institute_id: r.instituteId,
        supplier_id: r.supplierId,
        built_in: 0,
        remark: r.remark,
        created_at: nowIso(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  /** Built-in roles are never written: the condition is part of the update. */
  async update(trx: Executor, id: number, r: { name: string; code: string; dataScope: string; remark: string | null }) {
    const res = await trx
      .updateTable('role')
      .set({ name: r.name, code: r.code, data_scope: r.dataScope, remark: r.remark })
      .where('id', '=', id)
      .where('built_in', '=', 0)
      .executeTakeFirst();
    return Number(res.numUpdatedRows);
  }

  async delete(trx: Executor, id: number) {
    await trx.deleteFrom('authority').where('role_id', '=', id).execute();
    const res = await trx.deleteFrom('role').where('id', '=', id).where('built_in', '=', 0).executeTakeFirst();
    return Number(res.numDeletedRows);
  }

  /** Live (not deleted) users holding the role. */
  async countHolders(roleId: number, db: Executor = this.db) {
    const { n } = await db
      .selectFrom('user_role')
      .innerJoin('app_user', 'app_user.id', 'user_role.user_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_role.role_id', '=', roleId)
      .where('app_user.deleted', '=', 0)
      .executeTakeFirstOrThrow();
    return Number(n);
  }

  async userRoleIds(userId: number, db: Executor = this.db) {
    const rows = await db.selectFrom('user_role').select('role_id').where('user_id', '=', userId).orderBy('role_id').execute();
    return rows.map((r) => r.role_id);
  }

  /** Adds roles to an account (the ids distinct and not yet held). */
  async grantUserRoles(trx: Executor, userId: number, roleIds: number[]) {
    if (roleIds.length)
      await trx
        .insertInto('user_role')
        .values(roleIds.map((role_id) => ({ user_id: userId, role_id })))
        .execute();
  }

  /** The account holds exactly these roles afterwards. */
  async replaceUserRoles(trx: Executor, userId: number, roleIds: number[]) {
    await trx.deleteFrom('user_role').where('user_id', '=', userId).execute();
    await this.grantUserRoles(trx, userId, roleIds);
  }

  transaction<T>(fn: (trx: Transaction<DB>) => Promise<T>) {
    return this.db.transaction().execute(fn);
  }
}

/** Escapes LIKE wildcards so a filter matches literally (used with ESCAPE '\'). */
