import type { Executor } from './executor.ts';
import type { DB } from './schema.ts';

/**
 * Row locks for the rest of the caller's transaction, taken by a no-op update (updated_at set to
 * itself), in id order so that two transactions locking overlapping rows cannot deadlock. On
 * PostgreSQL the rows stay locked until COMMIT; SQLite transactions are serial already. A lock
 * changes nothing, so it is no write in the table-owner sense: any module may lock rows it reads
 * to judge a change of its own (an after-sales request on a sub-order, an invoice upload).
 */
export async function lockRows(trx: Executor, table: 'sub_order' | 'purchase_order' | 'item' | 'invoice', ids: readonly number[]): Promise<void> {
  for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
    await trx
      .updateTable(table as keyof DB & 'sub_order')
      .set((eb) => ({ updated_at: eb.ref('updated_at') }))
      .where('id', '=', id)
      .execute();
  }
}
