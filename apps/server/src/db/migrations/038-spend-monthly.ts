import { type Kysely, sql } from 'kysely';
import { notNull, withId, zero } from './portable.ts';

/**
 * 统计分析's monthly rollup (issue 14 §4, docs/BENCHMARKS.md bench:statistics): spend_daily keeps
 * day × person × item, which barely compresses an institute's year (tens of thousands of rows that
 * every dashboard read scanned again). spend_monthly sums the same rows per
 * month × institute × college × team × supplier × brand × category — no person, no item — plus
 * `goods` (1 for order lines, 0 for delivery fees, i.e. item_id is null), so an institute's year is a
 * few thousand rows. It is recomputed from spend_daily for every month whose days the daily rollup
 * recomputes (same transaction), so a month in it always equals that month's daily rows; the
 * dashboards read it for whole months up to the last rolled-up day.
 * Filled here from the daily rows already rolled up.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('spend_monthly').ifNotExists())
    .addColumn('month', 'text', notNull)
    .addColumn('institute_id', 'integer')
    .addColumn('college_id', 'integer')
    .addColumn('team_id', 'integer')
    .addColumn('supplier_id', 'integer', notNull)
    .addColumn('brand_id', 'integer')
    .addColumn('category_id', 'integer')
    .addColumn('goods', 'integer', zero)
    .addColumn('amount', 'bigint', zero)
    .addColumn('quantity', 'integer', zero)
    .addColumn('lines', 'integer', zero)
    .addColumn('orders', 'integer', zero)
    .execute();
  await db.schema.createIndex('spend_monthly_month_idx').ifNotExists().on('spend_monthly').column('month').execute();
  // covering, as spend_daily's: an institute's months are read from the index alone
  await db.schema
    .createIndex('spend_monthly_institute_idx')
    .ifNotExists()
    .on('spend_monthly')
    .columns(['institute_id', 'month', 'supplier_id', 'brand_id', 'category_id', 'goods', 'amount', 'quantity', 'lines', 'orders'])
    .execute();
  await db.schema.createIndex('spend_monthly_team_idx').ifNotExists().on('spend_monthly').columns(['team_id', 'month']).execute();
  await db.schema.createIndex('spend_monthly_college_idx').ifNotExists().on('spend_monthly').columns(['college_id', 'month']).execute();

  // idempotent like the rollup itself: whatever is there is recomputed
  await db.deleteFrom('spend_monthly').execute();
  const goods = sql<number>`case when item_id is null then 0 else 1 end`;
  const dims = ['month', 'institute_id', 'college_id', 'team_id', 'supplier_id', 'brand_id', 'category_id'] as const;
  await db
    .insertInto('spend_monthly')
    .columns([...dims, 'goods', 'amount', 'quantity', 'lines', 'orders'])
    .expression(
      db
        .selectFrom('spend_daily')
        .select([...dims, goods.as('goods')])
        .select((eb) => [
          eb.fn.sum('amount').as('amount'),
          eb.fn.sum('quantity').as('quantity'),
          eb.fn.sum('lines').as('lines'),
          eb.fn.sum('orders').as('orders'),
        ])
        .groupBy([...dims, goods]),
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('spend_monthly').ifExists().execute();
}
