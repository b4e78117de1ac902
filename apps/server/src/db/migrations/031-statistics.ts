import type { Kysely } from 'kysely';
import { notNull, withId, zero } from './portable.ts';

/**
 * 统计分析 (issue 14 §4, docs/domains/ledgers.md#statistics):
 * - spend_fact: one row per source event and thing counted — an accepted sub-order's order line or
 *   its delivery fee, or the reversal of one when an accepted sub-order is refunded. `event_key`
 *   names the event (`accept:<sub>:line:<line>`, `accept:<sub>:fee`, `refund:…`) and is unique, so
 *   a retried or concurrent write of the same event counts nothing twice. Denormalised with every
 *   dimension the dashboards group or scope by (person, team, college, institute, supplier, item,
 *   brand, category, grant card) and the Shanghai day and month of the event.
 * - spend_daily: sums and counts per day and dimension, recomputed from a day's facts as a whole
 *   (delete the day, insert its groups) so a rerun gives the same rows; never averages.
 * The day up to which spend_daily is complete is `setting.statistics_rolled_through`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('spend_fact').ifNotExists())
    .addColumn('event_key', 'text', notNull)
    .addColumn('kind', 'text', notNull)
    .addColumn('occurred_at', 'text', notNull)
    .addColumn('day', 'text', notNull)
    .addColumn('month', 'text', notNull)
    .addColumn('order_id', 'integer', notNull)
    .addColumn('sub_order_id', 'integer', notNull)
    .addColumn('order_line_id', 'integer')
    .addColumn('institute_id', 'integer')
    .addColumn('college_id', 'integer')
    .addColumn('team_id', 'integer')
    .addColumn('user_id', 'integer', notNull)
    .addColumn('supplier_id', 'integer', notNull)
    .addColumn('item_id', 'integer')
    .addColumn('brand_id', 'integer')
    .addColumn('category_id', 'integer')
    .addColumn('grant_card_id', 'integer')
    .addColumn('amount', 'bigint', zero)
    .addColumn('quantity', 'integer', zero)
    .addColumn('lines', 'integer', zero)
    .addColumn('orders', 'integer', zero)
    .execute();
  await db.schema.createIndex('spend_fact_event_uq').ifNotExists().unique().on('spend_fact').column('event_key').execute();
  await db.schema.createIndex('spend_fact_day_idx').ifNotExists().on('spend_fact').column('day').execute();
  await db.schema.createIndex('spend_fact_sub_idx').ifNotExists().on('spend_fact').column('sub_order_id').execute();
  await db.schema.createIndex('spend_fact_institute_idx').ifNotExists().on('spend_fact').columns(['institute_id', 'day']).execute();
  await db.schema.createIndex('spend_fact_user_idx').ifNotExists().on('spend_fact').columns(['user_id', 'day']).execute();
  await db.schema.createIndex('spend_fact_team_idx').ifNotExists().on('spend_fact').columns(['team_id', 'day']).execute();
  await db.schema.createIndex('spend_fact_college_idx').ifNotExists().on('spend_fact').columns(['college_id', 'day']).execute();

  await withId(db, db.schema.createTable('spend_daily').ifNotExists())
    .addColumn('day', 'text', notNull)
    .addColumn('month', 'text', notNull)
    .addColumn('institute_id', 'integer')
    .addColumn('college_id', 'integer')
    .addColumn('team_id', 'integer')
    .addColumn('user_id', 'integer', notNull)
    .addColumn('supplier_id', 'integer', notNull)
    .addColumn('item_id', 'integer')
    .addColumn('brand_id', 'integer')
    .addColumn('category_id', 'integer')
    .addColumn('grant_card_id', 'integer')
    .addColumn('amount', 'bigint', zero)
    .addColumn('quantity', 'integer', zero)
    .addColumn('lines', 'integer', zero)
    .addColumn('orders', 'integer', zero)
    .execute();
  await db.schema.createIndex('spend_daily_day_idx').ifNotExists().on('spend_daily').column('day').execute();
  // covering: an institute's year is tens of thousands of rows spread over every day's block, and
  // the dashboards read it five times per page; from the index alone each read stays sequential
  await db.schema
    .createIndex('spend_daily_institute_idx')
    .ifNotExists()
    .on('spend_daily')
    .columns(['institute_id', 'day', 'month', 'supplier_id', 'item_id', 'brand_id', 'category_id', 'amount', 'quantity', 'lines', 'orders'])
    .execute();
  await db.schema.createIndex('spend_daily_user_idx').ifNotExists().on('spend_daily').columns(['user_id', 'day']).execute();
  await db.schema.createIndex('spend_daily_team_idx').ifNotExists().on('spend_daily').columns(['team_id', 'day']).execute();
  await db.schema.createIndex('spend_daily_college_idx').ifNotExists().on('spend_daily').columns(['college_id', 'day']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('spend_daily').ifExists().execute();
  await db.schema.dropTable('spend_fact').ifExists().execute();
}
