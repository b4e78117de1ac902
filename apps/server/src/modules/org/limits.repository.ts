import type { Kysely, Transaction } from 'kysely';
import { nowIso } from '../../platform/db/database.ts';
import type { DB } from '../../platform/db/schema.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** SQL about count limits (limit_setting): a row per institute, a row with no institute as the default. */
export class LimitsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** The institute's own row, else the global default row; newest first in case a race left two. */
  async find(name: string, instituteId: number | null, db: Db = this.db) {
    const rows = await db
      .selectFrom('limit_setting')
      .select(['institute_id', 'value'])
      .where('name', '=', name)
      .where((eb) => (instituteId === null ? eb('institute_id', 'is', null) : eb.or([eb('institute_id', 'is', null), eb('institute_id', '=', instituteId)])))
      .orderBy('id', 'desc')
      .execute();
    return rows.find((r) => r.institute_id !== null) ?? rows.find((r) => r.institute_id === null);
  }

  async upsert(trx: Db, name: string, instituteId: number | null, value: number) {
    let q = trx.updateTable('limit_setting').set({ value, updated_at: nowIso() }).where('name', '=', name);
    q = instituteId === null ? q.where('institute_id', 'is', null) : q.where('institute_id', '=', instituteId);
    const res = await q.executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0) {
      await trx.insertInto('limit_setting').values({ name, institute_id: instituteId, value, updated_at: nowIso() }).execute();
    }
  }

  /**
   * Takes the institute's row lock until the transaction ends (a no-op update), so two concurrent
   * "count, then insert" steps cannot both pass a limit on PostgreSQL; SQLite serialises writers anyway.
   */
  async lockInstitute(trx: Db, instituteId: number) {
    await trx
      .updateTable('institute')
      .set((eb) => ({ status: eb.ref('status') }))
      .where('id', '=', instituteId)
      .execute();
  }

  async instituteExists(id: number) {
    return (await this.db.selectFrom('institute').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
  }

  transaction<T>(fn: (trx: Transaction<DB>) => Promise<T>) {
    return this.db.transaction().execute(fn);
  }
}
