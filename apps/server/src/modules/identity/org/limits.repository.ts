import { type AuditEntry, writeAudit } from '../../../platform/audit/audit.ts';
import { nowIso } from '../../../platform/db/database.ts';
import type { Executor } from '../../../platform/db/executor.ts';
import { containsText } from '../../../platform/db/like.ts';

/** SQL about count limits (limit_setting): a row per institute, a row with no institute as the default. */
export class LimitsRepository {
  constructor(private readonly db: Executor) {}

  /** the same SQL on a transaction the caller opened (the insert a limit guards) */
  within(trx: Executor) {
    return new LimitsRepository(trx);
  }

  /** Runs `fn` in one transaction, with this repository bound to it. */
  inTransaction<T>(fn: (r: LimitsRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => fn(new LimitsRepository(trx)));
  }

  audit(e: AuditEntry) {
    return writeAudit(this.db, e);
  }

  /** The institute's own row, else the global default row; newest first in case a race left two. */
  async find(name: string, instituteId: number | null) {
    const rows = await this.db
      .selectFrom('limit_setting')
      .select(['institute_id', 'value'])
      .where('name', '=', name)
      .where((eb) => (instituteId === null ? eb('institute_id', 'is', null) : eb.or([eb('institute_id', 'is', null), eb('institute_id', '=', instituteId)])))
      .orderBy('id', 'desc')
      .execute();
    return rows.find((r) => r.institute_id !== null) ?? rows.find((r) => r.institute_id === null);
  }

  async upsert(name: string, instituteId: number | null, value: number) {
    let q = this.db.updateTable('limit_setting').set({ value, updated_at: nowIso() }).where('name', '=', name);
    q = instituteId === null ? q.where('institute_id', 'is', null) : q.where('institute_id', '=', instituteId);
    const res = await q.executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0) {
      await this.db.insertInto('limit_setting').values({ name, institute_id: instituteId, value, updated_at: nowIso() }).execute();
    }
  }

  /**
   * Takes the institute's row lock until the transaction ends (a no-op update), so two concurrent
   * "count, then insert" steps cannot both pass a limit on PostgreSQL; SQLite serialises writers anyway.
   */
  async lockInstitute(instituteId: number) {
    await this.db
      .updateTable('institute')
      .set((eb) => ({ status: eb.ref('status') }))
      .where('id', '=', instituteId)
      .execute();
  }

  async instituteExists(id: number) {
    return (await this.db.selectFrom('institute').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
  }

  /** A page of institutes (name contains `name`; only `onlyId` when given), by id. */
  async institutePage(f: { name?: string; onlyId?: number }, offset: number, limit: number) {
    let q = this.db.selectFrom('institute');
    if (f.name) q = q.where(containsText('name', f.name));
    if (f.onlyId !== undefined) q = q.where('id', '=', f.onlyId);
    const [{ n }, records] = await Promise.all([
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      q.select(['id', 'name', 'code']).orderBy('id').offset(offset).limit(limit).execute(),
    ]);
    return { total: Number(n), records };
  }

  /** The limit rows of these institutes and the defaults (institute_id null), oldest first. */
  settingsOf(instituteIds: number[]) {
    return this.db
      .selectFrom('limit_setting')
      .select(['name', 'institute_id', 'value'])
      .where((eb) => (instituteIds.length ? eb.or([eb('institute_id', 'is', null), eb('institute_id', 'in', instituteIds)]) : eb('institute_id', 'is', null)))
      .orderBy('id')
      .execute();
  }

  /** Active departments and live users per institute, for these institutes. */
  async usage(instituteIds: number[]) {
    if (!instituteIds.length) return { depts: new Map<number, number>(), users: new Map<number, number>() };
    const [depts, users] = await Promise.all([
      this.db
        .selectFrom('dept')
        .select(['institute_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('institute_id', 'in', instituteIds)
        .where('status', '=', 1)
        .groupBy('institute_id')
        .execute(),
      this.db
        .selectFrom('app_user')
        .select(['institute_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('institute_id', 'in', instituteIds)
        .where('deleted', '=', 0)
        .groupBy('institute_id')
        .execute(),
    ]);
    const byInstitute = (rows: { institute_id: number | null; n: number }[]) => new Map(rows.map((r) => [Number(r.institute_id), Number(r.n)]));
    return { depts: byInstitute(depts), users: byInstitute(users) };
  }
}
