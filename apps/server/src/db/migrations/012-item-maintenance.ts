import type { Kysely } from 'kysely';
import { notNull, withId } from './portable.ts';

/**
 * The supplier's own item maintenance (商品管理):
 * - item.deleted_at: when the supplier deleted the item; restorable for 30 days after it (rows
 *   deleted before this column existed have none and are past restoring);
 * - item_price_history: every price change, by whom and from where (manual edit, price import,
 *   rollback), newest first per item. Money in fen, 64-bit on both engines.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const item = (await db.introspection.getTables()).find((t) => t.name === 'item');
  if (item && !item.columns.some((c) => c.name === 'deleted_at')) await db.schema.alterTable('item').addColumn('deleted_at', 'text').execute();
  await withId(db, db.schema.createTable('item_price_history').ifNotExists())
    .addColumn('item_id', 'integer', notNull)
    .addColumn('old_price', 'bigint', notNull)
    .addColumn('new_price', 'bigint', notNull)
    .addColumn('source', 'text', notNull)
    .addColumn('changed_by', 'integer', notNull)
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('item_price_history_item_idx').ifNotExists().on('item_price_history').columns(['item_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('item_price_history').ifExists().execute();
  await db.schema.alterTable('item').dropColumn('deleted_at').execute();
}
