import type { Kysely } from 'kysely';
import { notNull, withId, zero } from './portable.ts';

/**
 * Excel price imports (供应商价格导入):
 * - item.lead_days: 货期 in days (0 = 现货), null when the supplier never said;
 * - price_import: one row per uploaded sheet, from validation to applied, expired, cancelled or
 *   rolled back; a rollback is itself a record (rollback_of). `active_supplier` is the supplier's
 *   id while the import is being validated or waits for confirmation and null otherwise: its
 *   unique index lets one import per supplier run at a time, on both engines, without a lock table;
 * - price_import_row: every data row as read, the item it matched, before and after values, the
 *   kind of change and its error; the preview, the error copy and the rollback read it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const item = (await db.introspection.getTables()).find((t) => t.name === 'item');
  if (item && !item.columns.some((c) => c.name === 'lead_days')) await db.schema.alterTable('item').addColumn('lead_days', 'integer').execute();

  // 商品管理 pages newest first within a tab: (supplier, deleted, on_shelf, id) serves the page and
  // the tab counts from the index alone on both engines (the old index lacked id, so PostgreSQL
  // sorted a large supplier's whole tab for each page)
  await db.schema.createIndex('item_supplier_tab_idx').ifNotExists().on('item').columns(['supplier_id', 'deleted', 'on_shelf', 'id']).execute();
  await db.schema.dropIndex('item_supplier_idx').ifExists().execute();

  await withId(db, db.schema.createTable('price_import').ifNotExists())
    .addColumn('supplier_id', 'integer', notNull)
    .addColumn('active_supplier', 'integer')
    .addColumn('status', 'text', notNull)
    .addColumn('file_name', 'text', notNull)
    .addColumn('total_rows', 'integer', zero)
    .addColumn('error_rows', 'integer', zero)
    .addColumn('up_rows', 'integer', zero)
    .addColumn('down_rows', 'integer', zero)
    .addColumn('same_rows', 'integer', zero)
    .addColumn('flagged_rows', 'integer', zero)
    .addColumn('rollback_of', 'integer')
    .addColumn('created_by', 'integer', notNull)
    .addColumn('created_at', 'text', notNull)
    .addColumn('expires_at', 'text', notNull)
    .addColumn('applied_by', 'integer')
    .addColumn('applied_at', 'text')
    .addColumn('rolled_back_at', 'text')
    .execute();
  await db.schema.createIndex('price_import_active_uq').ifNotExists().unique().on('price_import').column('active_supplier').execute();
  await db.schema.createIndex('price_import_supplier_idx').ifNotExists().on('price_import').columns(['supplier_id', 'id']).execute();

  await withId(db, db.schema.createTable('price_import_row').ifNotExists())
    .addColumn('import_id', 'integer', notNull)
    .addColumn('row_no', 'integer', notNull)
    .addColumn('item_id', 'integer')
    .addColumn('catalog_no', 'text', notNull)
    .addColumn('brand', 'text', notNull)
    .addColumn('spec', 'text', notNull)
    .addColumn('item_name', 'text')
    .addColumn('price_text', 'text', notNull)
    .addColumn('stock_text', 'text', notNull)
    .addColumn('lead_text', 'text', notNull)
    .addColumn('old_price', 'bigint')
    .addColumn('new_price', 'bigint')
    .addColumn('old_stock', 'integer')
    .addColumn('new_stock', 'integer')
    .addColumn('old_lead', 'integer')
    .addColumn('new_lead', 'integer')
    .addColumn('change', 'text', notNull)
    .addColumn('flagged', 'integer', zero)
    .addColumn('error', 'text')
    .execute();
  await db.schema.createIndex('price_import_row_import_idx').ifNotExists().on('price_import_row').columns(['import_id', 'change', 'row_no']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('price_import_row').ifExists().execute();
  await db.schema.dropTable('price_import').ifExists().execute();
  await db.schema.createIndex('item_supplier_idx').ifNotExists().on('item').columns(['supplier_id', 'deleted', 'on_shelf']).execute();
  await db.schema.dropIndex('item_supplier_tab_idx').ifExists().execute();
  await db.schema.alterTable('item').dropColumn('lead_days').execute();
}
