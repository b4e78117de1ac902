import type { Kysely, Transaction } from 'kysely';
import { nowIso } from '../../../platform/db/database.ts';
import type { Executor } from '../../../platform/db/executor.ts';
import { containsText } from '../../../platform/db/like.ts';
import type { DB } from '../../../platform/db/schema.ts';

/** All SQL of the dictionaries: types, items, institute overrides, the operation log and the version row. */
export class DictsRepository {
  constructor(readonly db: Kysely<DB>) {}

  transaction<T>(fn: (trx: Transaction<DB>) => Promise<T>) {
    return this.db.transaction().execute(fn);
  }

  version(db: Executor = this.db) {
    return db
      .selectFrom('dict_version')
      .select('version')
      .where('id', '=', 1)
      .executeTakeFirst()
      .then((r) => r?.version ?? 0);
  }

  /** Bumps the version inside the change's transaction; answers the new version. */
  async bump(trx: Transaction<DB>) {
    await trx
      .updateTable('dict_version')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .where('id', '=', 1)
      .execute();
    return this.version(trx);
  }

  log(trx: Executor, row: { instituteId: number | null; userId: number; action: string; typeCode: string; itemValue: string | null; detail: unknown }) {
    return trx
      .insertInto('dict_log')
      .values({
        institute_id: row.instituteId,
        user_id: row.userId,
        action: row.action,
        type_code: row.typeCode,
        item_value: row.itemValue,
        detail: JSON.stringify(row.detail ?? {}),
        created_at: nowIso(),
      })
      .execute();
  }

  // ── types and items ─────────────────────────────────────────────────────
  types(db: Executor = this.db) {
    return db.selectFrom('dict_type').selectAll().orderBy('id').execute();
  }
  async typePage(keyword: string | undefined, offset: number, limit: number) {
    let q = this.db.selectFrom('dict_type');
    if (keyword) q = q.where((eb) => eb.or([containsText('code', keyword), containsText('name', keyword)]));
    const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await q.selectAll().orderBy('id').offset(offset).limit(limit).execute();
    return { total: Number(total.n), rows };
  }
  type(db: Executor, id: number) {
    return db.selectFrom('dict_type').selectAll().where('id', '=', id).executeTakeFirst();
  }
  /** Items of these owners (0 = global), every type, in display order. */
  items(db: Executor, owners: number[], typeIds?: number[]) {
    let q = db.selectFrom('dict_item').selectAll().where('owner_id', 'in', owners);
    if (typeIds) q = typeIds.length ? q.where('type_id', 'in', typeIds) : q.where('id', '<', 0);
    return q.orderBy('sort').orderBy('id').execute();
  }
  item(db: Executor, id: number) {
    return db.selectFrom('dict_item').selectAll().where('id', '=', id).executeTakeFirst();
  }
  overrides(db: Executor, instituteId: number) {
    return db.selectFrom('dict_override').selectAll().where('institute_id', '=', instituteId).execute();
  }
  override(db: Executor, instituteId: number, itemId: number) {
    return db.selectFrom('dict_override').selectAll().where('institute_id', '=', instituteId).where('item_id', '=', itemId).executeTakeFirst();
  }

  // ── institutes and the log ──────────────────────────────────────────────
  institute(id: number) {
    return this.db.selectFrom('institute').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
  }
  async institutePage(name: string | undefined, onlyId: number | null, offset: number, limit: number) {
    let q = this.db.selectFrom('institute');
    if (name) q = q.where(containsText('name', name));
    if (onlyId !== null) q = q.where('id', '=', onlyId);
    const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await q
      .select((eb) => [
        'institute.id',
        'institute.name',
        eb
          .selectFrom('dict_override')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('dict_override.institute_id', '=', 'institute.id')
          .as('overrides'),
        eb
          .selectFrom('dict_item')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('dict_item.owner_id', '=', 'institute.id')
          .as('own_items'),
        eb
          .selectFrom('dict_log')
          .select((e) => e.fn.max('dict_log.created_at').as('m'))
          .whereRef('dict_log.institute_id', '=', 'institute.id')
          .as('updated_at'),
      ])
      .orderBy('institute.id')
      .offset(offset)
      .limit(limit)
      .execute();
    return { total: Number(total.n), rows };
  }
  async logPage(f: { instituteId?: number; typeCode?: string }, offset: number, limit: number) {
    let q = this.db
      .selectFrom('dict_log')
      .innerJoin('app_user', 'app_user.id', 'dict_log.user_id')
      .leftJoin('institute', 'institute.id', 'dict_log.institute_id');
    if (f.instituteId !== undefined) q = q.where('dict_log.institute_id', '=', f.instituteId);
    if (f.typeCode) q = q.where('dict_log.type_code', '=', f.typeCode);
    const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await q
      .select([
        'dict_log.id',
        'dict_log.institute_id',
        'institute.name as institute_name',
        'app_user.user_name',
        'dict_log.action',
        'dict_log.type_code',
        'dict_log.item_value',
        'dict_log.detail',
        'dict_log.created_at',
      ])
      .orderBy('dict_log.id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute();
    return { total: Number(total.n), rows };
  }
}
