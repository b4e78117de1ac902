import type { Kysely } from 'kysely';
import { notNull, withId, zero } from './portable.ts';

/**
 * Asynchronous exports and the admin's order import (issue 12 §4):
 * - export_record: one asynchronous export — who asked (user, and the institute or supplier whose
 *   pages list it), which list page and filter (JSON, the synchronous export's query), its state
 *   (queued → running → done | failed), progress 0–100, rows written, the produced file, and when it
 *   expires (7 days; a nightly job deletes the record and its file).
 * - order_import: one upload of historical orders by the platform admin — the checked rows (JSON)
 *   kept between preview and confirmation, the listed bad rows, and the state (ready | invalid |
 *   applied | expired).
 * - Keyset indexes for the export's pages: orders newest first (created_at, id), a supplier's
 *   sub-orders newest first.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('export_record').ifNotExists())
    .addColumn('kind', 'text', notNull)
    .addColumn('page', 'text', notNull)
    .addColumn('user_id', 'integer', notNull)
    .addColumn('institute_id', 'integer')
    .addColumn('supplier_id', 'integer')
    .addColumn('filter', 'text', notNull)
    .addColumn('status', 'text', notNull)
    .addColumn('progress', 'integer', zero)
    .addColumn('row_count', 'integer', zero)
    .addColumn('file_id', 'integer')
    .addColumn('file_name', 'text', notNull)
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', notNull)
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .addColumn('expires_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('export_record_user_idx').ifNotExists().on('export_record').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('export_record_institute_idx').ifNotExists().on('export_record').columns(['institute_id', 'id']).execute();
  await db.schema.createIndex('export_record_supplier_idx').ifNotExists().on('export_record').columns(['supplier_id', 'id']).execute();
  await db.schema.createIndex('export_record_expires_idx').ifNotExists().on('export_record').column('expires_at').execute();

  await withId(db, db.schema.createTable('order_import').ifNotExists())
    .addColumn('admin_id', 'integer', notNull)
    .addColumn('file_name', 'text', notNull)
    .addColumn('status', 'text', notNull)
    .addColumn('total_rows', 'integer', zero)
    .addColumn('error_rows', 'integer', zero)
    .addColumn('order_count', 'integer', zero)
    .addColumn('rows', 'text', notNull)
    .addColumn('errors', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .addColumn('applied_at', 'text')
    .addColumn('expires_at', 'text', notNull)
    .execute();

  await db.schema.createIndex('purchase_order_created_idx').ifNotExists().on('purchase_order').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('sub_order_supplier_created_idx').ifNotExists().on('sub_order').columns(['supplier_id', 'created_at', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('sub_order_supplier_created_idx').ifExists().execute();
  await db.schema.dropIndex('purchase_order_created_idx').ifExists().execute();
  await db.schema.dropTable('order_import').ifExists().execute();
  await db.schema.dropTable('export_record').ifExists().execute();
}
