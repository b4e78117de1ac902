import { type Kysely, sql } from 'kysely';
import { isPostgres, notNull, withId, zero } from './portable.ts';

/**
 * Part refunds after delivery (issue 14 §5: an after-sales return or refund-only finished by the
 * supplier) and what they reach:
 * - sub_order_refund: one row per refund event of part of a sub-order (source 'after_sale' and the
 *   request's id, unique: a retried finish refunds nothing twice), its number (ref), its amount in
 *   fen and when.
 * - order_line.refunded_qty / refunded_amount and sub_order.refunded_amount: the running totals the
 *   money readers use (invoices bill accepted − refunded, a grant card draws total − refunded).
 * - statement_line.refund_id: a refund of an accepted sub-order is a negative line of the supplier's
 *   statement for the month it happened in; the one-live-line-per-sub-order index now applies to the
 *   sub-order's own line only, and a refund sits on one live statement at most.
 * Complaint holds need no column: an open complaint on a sub-order is the hold.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('sub_order_refund').ifNotExists())
    .addColumn('sub_order_id', 'integer', notNull)
    .addColumn('order_id', 'integer', notNull)
    .addColumn('supplier_id', 'integer', notNull)
    .addColumn('source', 'text', notNull)
    .addColumn('source_id', 'integer', notNull)
    .addColumn('ref', 'text', notNull)
    .addColumn('amount', 'bigint', notNull)
    .addColumn('actor_id', 'integer')
    .addColumn('done_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('sub_order_refund_source_uq').ifNotExists().unique().on('sub_order_refund').columns(['source', 'source_id']).execute();
  await db.schema.createIndex('sub_order_refund_sub_idx').ifNotExists().on('sub_order_refund').column('sub_order_id').execute();
  await db.schema.createIndex('sub_order_refund_supplier_idx').ifNotExists().on('sub_order_refund').columns(['supplier_id', 'done_at']).execute();

  const columnsOf = async (table: string) =>
    new Set(
      (isPostgres(db)
        ? await sql<{ n: string }>`select column_name as n from information_schema.columns where table_name = ${table}`.execute(db)
        : await sql<{ n: string }>`select name as n from ${sql.raw(`pragma_table_info('${table}')`)}`.execute(db)
      ).rows.map((r) => r.n),
    );
  if (!(await columnsOf('order_line')).has('refunded_qty')) {
    await db.schema.alterTable('order_line').addColumn('refunded_qty', 'integer', zero).execute();
    await db.schema.alterTable('order_line').addColumn('refunded_amount', 'bigint', zero).execute();
  }
  if (!(await columnsOf('sub_order')).has('refunded_amount')) await db.schema.alterTable('sub_order').addColumn('refunded_amount', 'bigint', zero).execute();
  if (!(await columnsOf('statement_line')).has('refund_id')) await db.schema.alterTable('statement_line').addColumn('refund_id', 'integer').execute();

  await db.schema.dropIndex('statement_line_live_uq').ifExists().execute();
  await db.schema
    .createIndex('statement_line_live_uq')
    .ifNotExists()
    .unique()
    .on('statement_line')
    .column('sub_order_id')
    .where(sql<boolean>`live = 1 and refund_id is null`)
    .execute();
  await db.schema
    .createIndex('statement_line_refund_uq')
    .ifNotExists()
    .unique()
    .on('statement_line')
    .column('refund_id')
    .where(sql<boolean>`live = 1 and refund_id is not null`)
    .execute();
}
