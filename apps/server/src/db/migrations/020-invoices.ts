import { type Kysely, sql } from 'kysely';
import { notNull, withId, zero } from './portable.ts';

/**
 * Supplier invoices (发票) and what they bill:
 * - item.tax_rate and order_line.tax_rate: the VAT rate code of each line ('13', '9', … '免税'), copied
 *   onto the line when the order is placed, so a later rate change never rewrites an order.
 * - invoice_setting: one row per institute — its invoice title and 统一社会信用代码 (the buyer every
 *   invoice must name), the upload rules, the over-billing allowance, and the invoice/pay terms the
 *   session carries (docs/domains/finance.md#invoice-terms).
 * - invoice, invoice_line: the fapiao as issued; numbers and codes are text (a 数电 number has 20
 *   digits, beyond JavaScript's safe integers). Unique for all years on (seller tax id, number) when
 *   there is no 发票代码 (数电) and on (code, number) for legacy invoices, so the same invoice uploaded
 *   twice, even at the same moment, is stored once.
 * - invoice_allocation: which sub-order (and, for an invoice with item lines, which order line) an
 *   invoice bills, by tax rate, in fen; a red invoice's allocations are negative.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const tables = await db.introspection.getTables();
  const has = (t: string, c: string) => tables.find((x) => x.name === t)?.columns.some((x) => x.name === c) ?? false;
  if (!has('item', 'tax_rate'))
    await db.schema
      .alterTable('item')
      .addColumn('tax_rate', 'text', (c) => c.notNull().defaultTo('13'))
      .execute();
  if (!has('order_line', 'tax_rate'))
    await db.schema
      .alterTable('order_line')
      .addColumn('tax_rate', 'text', (c) => c.notNull().defaultTo('13'))
      .execute();

  await db.schema
    .createTable('invoice_setting')
    .ifNotExists()
    .addColumn('institute_id', 'integer', (c) => c.primaryKey())
    .addColumn('buyer_title', 'text', notNull)
    .addColumn('buyer_tax_id', 'text', notNull)
    .addColumn('files_per_sub', 'integer', (c) => c.notNull().defaultTo(10))
    .addColumn('max_file_mb', 'integer', (c) => c.notNull().defaultTo(10))
    .addColumn('file_types', 'text', (c) => c.notNull().defaultTo('pdf,ofd,xml,jpg,png'))
    .addColumn('deadline_days', 'integer', (c) => c.notNull().defaultTo(15))
    .addColumn('verify_threshold', 'bigint', (c) => c.notNull().defaultTo(100_000))
    .addColumn('over_bill_allowance', 'bigint', zero)
    .addColumn('paper_required', 'integer', zero)
    .addColumn('invoice_type', 'text', (c) => c.notNull().defaultTo('数电普票'))
    .addColumn('invoice_time', 'text', (c) => c.notNull().defaultTo('验收后 15 日内开票'))
    .addColumn('pay_time', 'text', (c) => c.notNull().defaultTo('报销完成后 30 日内付款'))
    .addColumn('updated_by', 'integer')
    .addColumn('updated_at', 'text', notNull)
    .execute();

  await withId(db, db.schema.createTable('invoice').ifNotExists())
    .addColumn('supplier_id', 'integer', notNull)
    .addColumn('institute_id', 'integer', notNull)
    .addColumn('kind', 'text', notNull)
    .addColumn('code', 'text')
    .addColumn('number', 'text', notNull)
    .addColumn('issue_date', 'text', notNull)
    .addColumn('seller_name', 'text', notNull)
    .addColumn('seller_tax_id', 'text', notNull)
    .addColumn('buyer_name', 'text', notNull)
    .addColumn('buyer_tax_id', 'text', notNull)
    .addColumn('excl_amount', 'bigint', notNull)
    .addColumn('tax_amount', 'bigint', notNull)
    .addColumn('total_amount', 'bigint', notNull)
    // 'bucket' = one line "试剂一批" with a list, matched per rate; 'lines' = item lines, matched per order line
    .addColumn('billing', 'text', (c) => c.notNull().defaultTo('bucket'))
    .addColumn('status', 'text', notNull)
    .addColumn('verify_status', 'text', (c) => c.notNull().defaultTo('unverified'))
    .addColumn('exception', 'text')
    .addColumn('exception_accepted_by', 'integer')
    .addColumn('exception_accepted_reason', 'text')
    .addColumn('exception_accepted_at', 'text')
    .addColumn('blue_invoice_id', 'integer')
    .addColumn('file_id', 'integer')
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('manual'))
    .addColumn('paper_confirmed', 'integer', zero)
    .addColumn('remark', 'text')
    .addColumn('uploaded_by', 'integer', notNull)
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('invoice_digital_uq')
    .ifNotExists()
    .on('invoice')
    .columns(['seller_tax_id', 'number'])
    .unique()
    .where(sql.ref('code'), 'is', null)
    .execute();
  await db.schema
    .createIndex('invoice_legacy_uq')
    .ifNotExists()
    .on('invoice')
    .columns(['code', 'number'])
    .unique()
    .where(sql.ref('code'), 'is not', null)
    .execute();
  await db.schema.createIndex('invoice_supplier_idx').ifNotExists().on('invoice').columns(['supplier_id', 'id']).execute();
  await db.schema.createIndex('invoice_institute_idx').ifNotExists().on('invoice').columns(['institute_id', 'status', 'id']).execute();
  await db.schema.createIndex('invoice_blue_idx').ifNotExists().on('invoice').column('blue_invoice_id').execute();

  await withId(db, db.schema.createTable('invoice_line').ifNotExists())
    .addColumn('invoice_id', 'integer', notNull)
    .addColumn('name', 'text', notNull)
    .addColumn('spec', 'text')
    .addColumn('unit', 'text')
    .addColumn('quantity', 'text')
    .addColumn('excl_amount', 'bigint', notNull)
    .addColumn('tax_rate', 'text', notNull)
    .addColumn('tax_amount', 'bigint', notNull)
    .addColumn('sort', 'integer', zero)
    .execute();
  await db.schema.createIndex('invoice_line_invoice_idx').ifNotExists().on('invoice_line').column('invoice_id').execute();

  await withId(db, db.schema.createTable('invoice_allocation').ifNotExists())
    .addColumn('invoice_id', 'integer', notNull)
    .addColumn('sub_order_id', 'integer', notNull)
    .addColumn('order_line_id', 'integer')
    .addColumn('tax_rate', 'text', notNull)
    // tax-inclusive fen this invoice bills of the sub-order at this rate (negative for a red invoice)
    .addColumn('amount', 'bigint', notNull)
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('invoice_allocation_sub_idx').ifNotExists().on('invoice_allocation').columns(['sub_order_id', 'invoice_id']).execute();
  await db.schema.createIndex('invoice_allocation_invoice_idx').ifNotExists().on('invoice_allocation').column('invoice_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['invoice_allocation', 'invoice_line', 'invoice', 'invoice_setting']) await db.schema.dropTable(t).ifExists().execute();
  await db.schema.alterTable('order_line').dropColumn('tax_rate').execute();
  await db.schema.alterTable('item').dropColumn('tax_rate').execute();
}
