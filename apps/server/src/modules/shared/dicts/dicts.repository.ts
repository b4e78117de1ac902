import { nowIso } from '../../../platform/db/database.ts';
import type { Executor } from '../../../platform/db/executor.ts';
import { containsText } from '../../../platform/db/like.ts';

/** All SQL of the dictionaries: types, items, institute overrides, the operation log and the version row. */
export class DictsRepository {
  constructor(private readonly db: Executor) {}

  /** Runs `fn` in one transaction, with this repository bound to it. */
  inTransaction<T>(fn: (r: DictsRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => fn(new DictsRepository(trx)));
  }

  version() {
    return this.db
      .selectFrom('dict_version')
      .select('version')
      .where('id', '=', 1)
      .executeTakeFirst()
      .then((r) => r?.version ?? 0);
  }

  /** Bumps the version inside the change's transaction; answers the new version. */
  async bump() {
    await this.db
      .updateTable('dict_version')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .where('id', '=', 1)
      .execute();
    return this.version();
  }

  log(row: { instituteId: number | null; userId: number; action: string; typeCode: string; itemValue: string | null; detail: unknown }) {
    return this.db
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
  types() {
    return this.db.selectFrom('dict_type').selectAll().orderBy('id').execute();
  }
  async typePage(keyword: string | undefined, offset: number, limit: number) {
    let q = this.db.selectFrom('dict_type');
    if (keyword) q = q.where((eb) => eb.or([containsText('code', keyword), containsText('name', keyword)]));
    const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await q.selectAll().orderBy('id').offset(offset).limit(limit).execute();
    return { total: Number(total.n), rows };
  }
  type(id: number) {
    return this.db.selectFrom('dict_type').selectAll().where('id', '=', id).executeTakeFirst();
  }
  /** Items of these owners (0 = global), every type, in display order. */
  items(owners: number[], typeIds?: number[]) {
    let q = this.db.selectFrom('dict_item').selectAll().where('owner_id', 'in', owners);
    if (typeIds) q = typeIds.length ? q.where('type_id', 'in', typeIds) : q.where('id', '<', 0);
    return q.orderBy('sort').orderBy('id').execute();
  }
  item(id: number) {
    return this.db.selectFrom('dict_item').selectAll().where('id', '=', id).executeTakeFirst();
  }
  overrides(instituteId: number) {
    return this.db.selectFrom('dict_override').selectAll().where('institute_id', '=', instituteId).execute();
  }
  override(instituteId: number, itemId: number) {
    return this.db.selectFrom('dict_override').selectAll().where('institute_id', '=', instituteId).where('item_id', '=', itemId).executeTakeFirst();
  }

  // ── changes (inside the change's transaction) ───────────────────────────
  async insertType(v: { code: string; name: string; remark: string }, now: string) {
    const r = await this.db
      .insertInto('dict_type')
      .values({ code: v.code, name: v.name, remark: v.remark, builtin: 0, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return r.id;
  }
  async updateType(id: number, v: { name: string; remark: string }, now: string) {
    await this.db.updateTable('dict_type').set({ name: v.name, remark: v.remark, updated_at: now }).where('id', '=', id).execute();
  }
  async touchType(id: number, now: string) {
    await this.db.updateTable('dict_type').set({ updated_at: now }).where('id', '=', id).execute();
  }
  /** a type with its items and every institute's overrides of them */
  async deleteType(id: number) {
    const ids = (await this.db.selectFrom('dict_item').select('id').where('type_id', '=', id).execute()).map((r) => r.id);
    if (ids.length) await this.db.deleteFrom('dict_override').where('item_id', 'in', ids).execute();
    await this.db.deleteFrom('dict_item').where('type_id', '=', id).execute();
    await this.db.deleteFrom('dict_type').where('id', '=', id).execute();
  }
  /** an item of the owner (0: global), enabled */
  async insertItem(v: { typeId: number; ownerId: number; value: string; label: string; sort: number }, now: string) {
    const r = await this.db
      .insertInto('dict_item')
      .values({ type_id: v.typeId, owner_id: v.ownerId, value: v.value, label: v.label, sort: v.sort, status: 1, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return r.id;
  }
  async updateItem(id: number, v: { label: string; sort: number; status: number }, now: string) {
    await this.db.updateTable('dict_item').set({ label: v.label, sort: v.sort, status: v.status, updated_at: now }).where('id', '=', id).execute();
  }
  /** an item with every institute's override of it */
  async deleteItem(id: number) {
    await this.db.deleteFrom('dict_override').where('item_id', '=', id).execute();
    await this.db.deleteFrom('dict_item').where('id', '=', id).execute();
  }
  async globalValueTaken(typeId: number, value: string) {
    const clash = await this.db
      .selectFrom('dict_item')
      .select('id')
      .where('type_id', '=', typeId)
      .where('owner_id', '=', 0)
      .where('value', '=', value)
      .executeTakeFirst();
    return clash !== undefined;
  }
  async deleteOverride(instituteId: number, itemId: number) {
    await this.db.deleteFrom('dict_override').where('institute_id', '=', instituteId).where('item_id', '=', itemId).execute();
  }
  async updateOverride(id: number, v: { hidden: number; label: string | null; sort: number | null; by: number }, now: string) {
    await this.db
      .updateTable('dict_override')
      .set({ hidden: v.hidden, label: v.label, sort: v.sort, updated_by: v.by, updated_at: now })
      .where('id', '=', id)
      .execute();
  }
  async insertOverride(instituteId: number, itemId: number, v: { hidden: number; label: string | null; sort: number | null; by: number }, now: string) {
    await this.db
      .insertInto('dict_override')
      .values({ institute_id: instituteId, item_id: itemId, hidden: v.hidden, label: v.label, sort: v.sort, updated_by: v.by, updated_at: now })
      .execute();
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
