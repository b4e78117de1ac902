import type { Insertable, Kysely, Transaction, Updateable } from 'kysely';
import type { BuyTipTable, DB } from '../../../platform/db/schema.ts';

/** SQL for buy tips (购买须知) shown on the order confirmation page. */
export class BuyTipRepository {
  constructor(private readonly db: Kysely<DB> | Transaction<DB>) {}

  inTransaction<T>(fn: (repo: BuyTipRepository, trx: Transaction<DB>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => fn(new BuyTipRepository(trx), trx));
  }

  all(onlyActive: boolean) {
    let q = this.db.selectFrom('buy_tip').selectAll();
    if (onlyActive) q = q.where('status', '=', 1);
    return q.orderBy('sort').orderBy('id').execute();
  }
  byId(id: number) {
    return this.db.selectFrom('buy_tip').selectAll().where('id', '=', id).executeTakeFirst();
  }
  insert(row: Insertable<BuyTipTable>) {
    return this.db.insertInto('buy_tip').values(row).returning('id').executeTakeFirstOrThrow();
  }
  update(id: number, set: Updateable<BuyTipTable>) {
    return this.db.updateTable('buy_tip').set(set).where('id', '=', id).executeTakeFirst();
  }
  delete(id: number) {
    return this.db.deleteFrom('buy_tip').where('id', '=', id).executeTakeFirst();
  }
}
