import type { Kysely } from 'kysely';
import { notNull, withId } from './portable.ts';

/**
 * item_sale: a sale campaign (促销) the platform approved (the request waits in item_pre like any
 * item change): the sale price of one item for every buyer between two Shanghai calendar days,
 * unless the supplier ends it early.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('item_sale').ifNotExists())
    .addColumn('supplier_id', 'integer', notNull)
    .addColumn('item_id', 'integer', notNull)
    .addColumn('pre_id', 'integer', notNull)
    .addColumn('title', 'text', notNull)
    .addColumn('sale_price', 'bigint', notNull)
    .addColumn('starts_at', 'text', notNull)
    .addColumn('ends_at', 'text', notNull)
    .addColumn('ended_at', 'text')
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('item_sale_item_idx').ifNotExists().on('item_sale').columns(['item_id', 'ends_at']).execute();
  await db.schema.createIndex('item_sale_pre_idx').ifNotExists().on('item_sale').column('pre_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('item_sale').ifExists().execute();
}
