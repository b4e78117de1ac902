import type { Kysely } from 'kysely';
import { notNull, withId } from './portable.ts';

/**
 * 协议价 (dept_discount): a supplier's discount rate or negotiated price for an institute or one of
 * its departments (and those below), on all its items or one, within dates. Order lines keep the
 * list price and the rule's label beside the price charged, so an order shows what was agreed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('dept_discount').ifNotExists())
    .addColumn('supplier_id', 'integer', notNull)
    .addColumn('institute_id', 'integer', notNull)
    .addColumn('dept_id', 'integer')
    .addColumn('item_id', 'integer')
    .addColumn('rate', 'integer')
    .addColumn('price', 'bigint')
    .addColumn('valid_from', 'text', notNull)
    .addColumn('valid_to', 'text', notNull)
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('note', 'text')
    .addColumn('created_by', 'integer', notNull)
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();
  // the cart and the checkout ask: this institute's rules of these suppliers
  await db.schema.createIndex('dept_discount_institute_idx').ifNotExists().on('dept_discount').columns(['institute_id', 'supplier_id']).execute();
  await db.schema.createIndex('dept_discount_supplier_idx').ifNotExists().on('dept_discount').columns(['supplier_id', 'id']).execute();
  const line = (await db.introspection.getTables()).find((t) => t.name === 'order_line');
  if (line && !line.columns.some((c) => c.name === 'list_price')) {
    await db.schema.alterTable('order_line').addColumn('list_price', 'bigint').execute();
    await db.schema.alterTable('order_line').addColumn('price_note', 'text').execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('order_line').dropColumn('price_note').execute();
  await db.schema.alterTable('order_line').dropColumn('list_price').execute();
  await db.schema.dropTable('dept_discount').ifExists().execute();
}
