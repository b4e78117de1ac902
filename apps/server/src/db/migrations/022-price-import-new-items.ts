import type { Kysely } from 'kysely';
import { zero } from './portable.ts';

/**
 * New items in a price sheet (新增): a row that matches none of the supplier's items but carries
 * 商品名称, 单位 and 分类 becomes an item proposal (item_pre) when the import is confirmed.
 * - price_import_row keeps the new-item cells as typed (the error copy gives them back), the
 *   checked proposal (`proposal`, the item_pre payload) and, once confirmed, the proposal it made
 *   (`item_pre_id`: the rollback withdraws it while it still waits);
 * - price_import.new_rows counts those rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const tables = await db.introspection.getTables();
  const has = (table: string, column: string) => tables.find((t) => t.name === table)?.columns.some((c) => c.name === column) ?? false;
  for (const column of ['name_text', 'cas_text', 'unit_text', 'category_text', 'proposal'])
    if (!has('price_import_row', column)) await db.schema.alterTable('price_import_row').addColumn(column, 'text').execute();
  if (!has('price_import_row', 'item_pre_id')) await db.schema.alterTable('price_import_row').addColumn('item_pre_id', 'integer').execute();
  if (!has('price_import', 'new_rows')) await db.schema.alterTable('price_import').addColumn('new_rows', 'integer', zero).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['name_text', 'cas_text', 'unit_text', 'category_text', 'proposal', 'item_pre_id'])
    await db.schema.alterTable('price_import_row').dropColumn(column).execute();
  await db.schema.alterTable('price_import').dropColumn('new_rows').execute();
}
