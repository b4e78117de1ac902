import type { Transaction } from 'kysely';
import type { Executor } from '../../../platform/db/executor.ts';
import type { DB } from '../../../platform/db/schema.ts';

/** SQL of the settlement batches an institute's finance system reports, and the API clients bound to institutes. */
export class SettleBillsRepository {
  constructor(private readonly db: Executor) {}

  inTransaction<T>(fn: (r: SettleBillsRepository, trx: Transaction<DB>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => fn(new SettleBillsRepository(trx), trx));
  }

  client(clientId: string) {
    return this.db.selectFrom('api_client').select(['id', 'institute_id', 'name']).where('client_id', '=', clientId).where('status', '=', 1).executeTakeFirst();
  }

  batch(instituteId: number, batchNo: string) {
    return this.db.selectFrom('settle_batch').selectAll().where('institute_id', '=', instituteId).where('batch_no', '=', batchNo).executeTakeFirst();
  }

  async insertBatch(v: { batch_no: string; institute_id: number; api_client_id: number; bill_count: number; amount: number }) {
    const r = await this.db
      .insertInto('settle_batch')
      .values({ ...v, result: '{}', created_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return r.id;
  }

  setResult(id: number, result: string) {
    return this.db.updateTable('settle_batch').set({ result }).where('id', '=', id).execute();
  }
}
