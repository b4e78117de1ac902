import type { Kysely, Transaction } from 'kysely';
import { nowIso } from '../../../platform/db/database.ts';
import type { Executor } from '../../../platform/db/executor.ts';
import type { DB } from '../../../platform/db/schema.ts';

export type DeptRow = NonNullable<Awaited<ReturnType<DeptRepository['findActive']>>>;

/** SQL about departments and their teams. Departments are never removed, only deactivated (status 0):
 *  orders and claims keep pointing at the department they were placed in. */
export class DeptRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Active departments of one institute; null: the platform's own departments. */
  /** Every institute (the platform admin's choice on the organisation pages), by code. */
  institutes() {
    return this.db.selectFrom('institute').select(['id', 'name', 'code']).orderBy('code').execute();
  }

  listOfInstitute(instituteId: number | null) {
    let q = this.db.selectFrom('dept').selectAll().where('status', '=', 1);
    q = instituteId === null ? q.where('institute_id', 'is', null) : q.where('institute_id', '=', instituteId);
    return q.orderBy('sort').orderBy('id').execute();
  }

  teamsOfDepts(deptIds: number[]) {
    if (!deptIds.length) return Promise.resolve([]);
    return this.db.selectFrom('team').select(['id', 'dept_id', 'name', 'leader_user_id']).where('dept_id', 'in', deptIds).orderBy('id').execute();
  }

  findActive(id: number, db: Executor = this.db) {
    return db
      .selectFrom('dept')
      .select(['id', 'institute_id', 'parent_id', 'name', 'path', 'sort'])
      .where('id', '=', id)
      .where('status', '=', 1)
      .executeTakeFirst();
  }

  activeByIds(ids: number[]) {
    if (!ids.length) return Promise.resolve([]);
    return this.db
      .selectFrom('dept')
      .select(['id', 'institute_id', 'parent_id', 'name', 'path', 'sort'])
      .where('id', 'in', ids)
      .where('status', '=', 1)
      .execute();
  }

  teamById(id: number) {
    return this.db.selectFrom('team').select(['id', 'dept_id', 'institute_id', 'name']).where('id', '=', id).executeTakeFirst();
  }

  async siblingNameTaken(parentId: number, name: string, exceptId: number | null, db: Executor = this.db) {
    let q = db.selectFrom('dept').select('id').where('parent_id', '=', parentId).where('name', '=', name).where('status', '=', 1);
    if (exceptId !== null) q = q.where('id', '<>', exceptId);
    return (await q.limit(1).executeTakeFirst()) !== undefined;
  }

  async nextSort(parentId: number, db: Executor = this.db) {
    const r = await db
      .selectFrom('dept')
      .select((eb) => eb.fn.max('sort').as('m'))
      .where('parent_id', '=', parentId)
      .where('status', '=', 1)
      .executeTakeFirst();
    return r?.m === null || r?.m === undefined ? 0 : Number(r.m) + 1;
  }

  /** Inserts under a parent; the path (ancestor ids) needs the new id, so it is written right after. */
  async insert(trx: Executor, v: { instituteId: number | null; parentId: number; parentPath: string; name: string; sort: number }) {
    const { id } = await trx
      .insertInto('dept')
      .values({ institute_id: v.instituteId, parent_id: v.parentId, name: v.name, path: v.parentPath, sort: v.sort, status: 1, created_at: nowIso() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const path = `${v.parentPath}${id}/`;
    await trx.updateTable('dept').set({ path }).where('id', '=', id).execute();
    return { id, path };
  }

  async update(trx: Executor, id: number, v: { name: string; sort: number }) {
    await trx.updateTable('dept').set({ name: v.name, sort: v.sort }).where('id', '=', id).where('status', '=', 1).execute();
  }

  /** Deactivates only when nothing hangs under it any more; false when the row changed meanwhile. */
  async deactivate(trx: Executor, id: number) {
    const res = await trx.updateTable('dept').set({ status: 0 }).where('id', '=', id).where('status', '=', 1).executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  /** What still hangs under a department: active child departments, teams and live members. */
  async usage(id: number, db: Executor = this.db) {
    const [c, t, m] = await Promise.all([
      db
        .selectFrom('dept')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('parent_id', '=', id)
        .where('status', '=', 1)
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('team')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('dept_id', '=', id)
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('user_dept')
        .innerJoin('app_user', 'app_user.id', 'user_dept.user_id')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_dept.dept_id', '=', id)
        .where('app_user.deleted', '=', 0)
        .executeTakeFirstOrThrow(),
    ]);
    return { children: Number(c.n), teams: Number(t.n), members: Number(m.n) };
  }

  async countActive(instituteId: number, db: Executor = this.db) {
    const { n } = await db
      .selectFrom('dept')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('institute_id', '=', instituteId)
      .where('status', '=', 1)
      .executeTakeFirstOrThrow();
    return Number(n);
  }

  transaction<T>(fn: (trx: Transaction<DB>) => Promise<T>) {
    return this.db.transaction().execute(fn);
  }
}
