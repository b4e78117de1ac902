import type { Kysely, Transaction } from 'kysely';
import { nowIso } from '../../../platform/db/database.ts';
import type { Executor } from '../../../platform/db/executor.ts';
import type { DB } from '../../../platform/db/schema.ts';

export interface ResourceValues {
  name: string;
  type: string;
  path: string | null;
  routeName: string | null;
  component: string | null;
  icon: string | null;
  permCode: string | null;
  sort: number;
}

/** SQL about the resource catalogue (menus, buttons, modules, functions). */
export class ResourceRepository {
  constructor(private readonly db: Kysely<DB>) {}

  listSide(side: number) {
    return this.db.selectFrom('resource').selectAll().where('side', '=', side).orderBy('sort').orderBy('id').execute();
  }

  findById(id: number, db: Executor = this.db) {
    return db.selectFrom('resource').selectAll().where('id', '=', id).executeTakeFirst();
  }

  byIds(ids: number[]) {
    if (!ids.length) return Promise.resolve([]);
    return this.db.selectFrom('resource').select(['id', 'name', 'side']).where('id', 'in', ids).execute();
  }

  async insert(trx: Executor, parentId: number | null, side: number, v: ResourceValues) {
    const { id } = await trx
      .insertInto('resource')
      .values({
        parent_id: parentId,
        side,
        name: v.name,
        type: v.type,
        path: v.path,
        route_name: v.routeName,
        component: v.component,
        icon: v.icon,
        perm_code: v.permCode,
        sort: v.sort,
        created_at: nowIso(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  async update(trx: Executor, id: number, v: ResourceValues) {
    await trx
      .updateTable('resource')
      .set({ name: v.name, type: v.type, path: v.path, route_name: v.routeName, component: v.component, icon: v.icon, perm_code: v.permCode, sort: v.sort })
      .where('id', '=', id)
      .execute();
  }

  /** What still hangs on a resource: child resources and roles granted it. */
  async usage(id: number, db: Executor = this.db) {
    const [c, g] = await Promise.all([
      db
        .selectFrom('resource')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('parent_id', '=', id)
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('authority')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('resource_id', '=', id)
        .executeTakeFirstOrThrow(),
    ]);
    return { children: Number(c.n), grants: Number(g.n) };
  }

  async delete(trx: Executor, id: number) {
    await trx.deleteFrom('resource').where('id', '=', id).execute();
  }

  transaction<T>(fn: (trx: Transaction<DB>) => Promise<T>) {
    return this.db.transaction().execute(fn);
  }
}
