import type { Kysely } from 'kysely';

/**
 * The approval lists filter on status and team, page by created_at and count every match. The index
 * of migration 004 (status, team_id, created_at) served the page but sent each counted row (and each
 * order-number filter) to the table: with 100,000 orders the count of a busy team's queue took
 * 10–40 ms. Carrying id (the page's tie-break), order_no and institute_id in the index lets both
 * engines walk the page in order and answer the count from the index alone (bench:orders,
 * docs/BENCHMARKS.md). It replaces the 004 index, whose columns it starts with.
 *
 * Every list then loads the page's sub-orders with their supplier (sub_order JOIN supplier WHERE
 * order_id IN …). SQLite has no statistics on orders (the server never runs ANALYZE on them) but
 * knows the supplier table is small, so it loops over suppliers and reads each one's sub-orders
 * through (supplier_id, status): every sub-order of every supplier, 150 ms at 160,000 sub-orders.
 * With (supplier_id, order_id) that same plan seeks exactly the page's sub-orders.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('purchase_order_queue_idx')
    .on('purchase_order')
    .columns(['status', 'team_id', 'created_at', 'id', 'order_no', 'institute_id'])
    .execute();
  await db.schema.dropIndex('purchase_order_status_idx').ifExists().execute();
  await db.schema.createIndex('sub_order_supplier_order_idx').on('sub_order').columns(['supplier_id', 'order_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('sub_order_supplier_order_idx').ifExists().execute();
  await db.schema.createIndex('purchase_order_status_idx').on('purchase_order').columns(['status', 'team_id', 'created_at']).execute();
  await db.schema.dropIndex('purchase_order_queue_idx').ifExists().execute();
}
