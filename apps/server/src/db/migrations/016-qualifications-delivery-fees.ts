import { type Kysely, sql } from 'kysely';
import { notNull, withId, zero } from './portable.ts';

/**
 * Supplier qualifications and delivery fees by region (issue 10 §3, §4):
 * - qualification: a supplier's licence or certificate (type from the contracts' dictionary), its
 *   number, authority, validity (valid_to null = long-term; calendar days in Asia/Shanghai) and file,
 *   reviewed by the platform (status 0 pending, 1 approved, 2 refused, 3 withdrawn);
 * - qualification_reminder: one row per qualification, threshold (60/30/7 days) and end date, so a
 *   reminder goes out once even when the daily job runs twice, and again after a renewal moves the date;
 * - delivery_fee_rule: rows by province and city ('' = every other region) with the first-order fee,
 *   the free-shipping threshold (null = never free) and the hazardous-goods surcharge, in fen. The
 *   one flat rule per supplier (delivery_rule) becomes its default row and is dropped;
 * - sub_order.hazard_fee (part of delivery_fee) and sub_order.delivery_region (the row applied),
 *   so an order shows how its fee came about after the template changes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('qualification').ifNotExists())
    .addColumn('supplier_id', 'integer', notNull)
    .addColumn('type_code', 'text', notNull)
    .addColumn('number', 'text', notNull)
    .addColumn('authority', 'text', notNull)
    .addColumn('valid_from', 'text', notNull)
    .addColumn('valid_to', 'text')
    .addColumn('file_id', 'integer', notNull)
    .addColumn('scope', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'integer', zero)
    .addColumn('refuse_reason', 'text')
    .addColumn('submitted_by', 'integer', notNull)
    .addColumn('submitted_at', 'text', notNull)
    .addColumn('reviewed_by', 'integer')
    .addColumn('reviewed_at', 'text')
    .execute();
  // the gate asks "does supplier S hold an approved T valid today", for every hazardous item it reads
  await db.schema.createIndex('qualification_gate_idx').ifNotExists().on('qualification').columns(['supplier_id', 'type_code', 'status']).execute();
  await db.schema.createIndex('qualification_status_idx').ifNotExists().on('qualification').columns(['status', 'id']).execute();
  await db.schema.createIndex('qualification_valid_to_idx').ifNotExists().on('qualification').columns(['valid_to']).execute();

  await db.schema
    .createTable('qualification_reminder')
    .ifNotExists()
    .addColumn('qualification_id', 'integer', notNull)
    .addColumn('days', 'integer', notNull)
    .addColumn('valid_to', 'text', notNull)
    .addColumn('sent_at', 'text', notNull)
    .addPrimaryKeyConstraint('qualification_reminder_pk', ['qualification_id', 'days', 'valid_to'])
    .execute();

  await withId(db, db.schema.createTable('delivery_fee_rule').ifNotExists())
    .addColumn('supplier_id', 'integer', notNull)
    .addColumn('province', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('city', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('first_fee', 'bigint', notNull)
    .addColumn('free_above', 'bigint')
    .addColumn('hazard_fee', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('delivery_fee_rule_region_idx')
    .ifNotExists()
    .unique()
    .on('delivery_fee_rule')
    .columns(['supplier_id', 'province', 'city'])
    .execute();

  const tables = await db.introspection.getTables();
  if (tables.some((t) => t.name === 'delivery_rule')) {
    await sql`insert into delivery_fee_rule (supplier_id, province, city, first_fee, free_above, hazard_fee, updated_at)
      select supplier_id, '', '', fee, free_above, 0, updated_at from delivery_rule`.execute(db);
    await db.schema.dropTable('delivery_rule').execute();
  }
  const sub = tables.find((t) => t.name === 'sub_order');
  if (sub && !sub.columns.some((c) => c.name === 'hazard_fee')) {
    await db.schema.alterTable('sub_order').addColumn('hazard_fee', 'bigint', zero).execute();
    await db.schema
      .alterTable('sub_order')
      .addColumn('delivery_region', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sub_order').dropColumn('delivery_region').execute();
  await db.schema.alterTable('sub_order').dropColumn('hazard_fee').execute();
  await db.schema.dropTable('delivery_fee_rule').ifExists().execute();
  await db.schema.dropTable('qualification_reminder').ifExists().execute();
  await db.schema.dropTable('qualification').ifExists().execute();
}
