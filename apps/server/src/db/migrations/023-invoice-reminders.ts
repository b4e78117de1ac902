import type { Kysely } from 'kysely';
import { notNull } from './portable.ts';

/**
 * Invoice deadline reminders sent to suppliers (N−3 days and on day N after acceptance): one row per
 * sub-order and kind ('soon', 'due'), written in the same transaction as the message, so the daily
 * job running twice (or a missed day caught up) never tells a supplier twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('invoice_reminder')
    .ifNotExists()
    .addColumn('sub_order_id', 'integer', notNull)
    .addColumn('kind', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .addPrimaryKeyConstraint('invoice_reminder_pk', ['sub_order_id', 'kind'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('invoice_reminder').ifExists().execute();
}
