import { sql } from 'kysely';
import { type AuditEntry, writeAudit } from '../../../platform/audit/audit.ts';
import type { Executor } from '../../../platform/db/executor.ts';

export type AppFamily = 'page' | 'version';

const familyWhere = (family: AppFamily) => (family === 'page' ? sql<boolean>`app_config.kind = 'page'` : sql<boolean>`app_config.kind like 'version:%'`);

/** SQL of app page configs and app versions (one table, app_config; `kind` tells the family). */
export class AppConfigRepository {
  constructor(private readonly db: Executor) {}

  byId(family: AppFamily, id: number) {
    return this.db.selectFrom('app_config').selectAll().where('id', '=', id).where(familyWhere(family)).executeTakeFirst();
  }

  async page(family: AppFamily, q: { instituteKey?: number; status?: number }, limit: number, offset: number) {
    let base = this.db.selectFrom('app_config').leftJoin('institute', 'institute.id', 'app_config.institute_key').where(familyWhere(family));
    if (q.instituteKey !== undefined) base = base.where('app_config.institute_key', '=', q.instituteKey);
    if (q.status !== undefined) base = base.where('app_config.status', '=', q.status);
    const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await base
      .selectAll('app_config')
      .select('institute.name as institute_name')
      .orderBy('app_config.id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute();
    return { rows, total: Number(total.n) };
  }

  async instituteExists(id: number) {
    return (await this.db.selectFrom('institute').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
  }

  async insert(v: { instituteKey: number; kind: string; title: string; payload: string; by: number; now: string }) {
    const r = await this.db
      .insertInto('app_config')
      .values({
        institute_key: v.instituteKey,
        kind: v.kind,
        title: v.title,
        payload: v.payload,
        status: 0,
        updated_by: v.by,
        created_at: v.now,
        updated_at: v.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return r.id;
  }

  async update(id: number, v: { title: string; payload: string; kind: string; by: number; now: string }) {
    await this.db
      .updateTable('app_config')
      .set({ title: v.title, payload: v.payload, kind: v.kind, updated_by: v.by, updated_at: v.now })
      .where('id', '=', id)
      .execute();
  }

  /** only a stopped one is deleted */
  async deleteStopped(id: number) {
    await this.db.deleteFrom('app_config').where('id', '=', id).where('status', '=', 0).execute();
  }

  /** from the status read to the new one; false when the row changed meanwhile */
  async setStatus(id: number, read: number, status: number, by: number, now: string) {
    const res = await this.db
      .updateTable('app_config')
      .set({ status, updated_by: by, updated_at: now })
      .where('id', '=', id)
      .where('status', '=', read)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  /** the active ones of a kind for these institute keys (0: the platform default) */
  active(kind: string, instituteKeys: number[]) {
    return this.db.selectFrom('app_config').selectAll().where('kind', '=', kind).where('status', '=', 1).where('institute_key', 'in', instituteKeys).execute();
  }

  audit(e: AuditEntry) {
    return writeAudit(this.db, e);
  }
}
