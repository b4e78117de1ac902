import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import { notNull, withId, zero } from './portable.ts';

/**
 * 店铺管理 under platform review. The shop, its sections and banners keep the version buyers see
 * in their own columns; a submission waits beside it as `pending` (JSON of the proposed fields)
 * with `review_status` (1 pending, 2 approved, 3 refused, 4 withdrawn). A pending picture sits in
 * its own `pending_*_file_id` column so the orphan sweep never removes it. `live` = 0 until a
 * first version is approved. Windows are Beijing wall-clock 'YYYY-MM-DD HH:mm:ss' strings.
 * Existing rows count as approved and live. shop_content_review records every review step.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  // each column only when missing: the migrations after 005 run again harmlessly on an
  // installation that has them (see mall-favorites.test)
  const tables = await db.introspection.getTables();
  const has = (table: string, column: string) => tables.find((t) => t.name === table)?.columns.some((c) => c.name === column) ?? false;
  const column = async (table: string, name: string, type: 'integer' | 'text', build?: (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder) => {
    if (!has(table, name))
      await db.schema
        .alterTable(table)
        .addColumn(name, type, build ?? ((c) => c))
        .execute();
  };
  const add = async (table: 'shop' | 'shop_section' | 'shop_banner', withLive: boolean) => {
    await column(table, 'review_status', 'integer', (c) => c.notNull().defaultTo(2));
    await column(table, 'pending', 'text');
    await column(table, 'refuse_reason', 'text');
    await column(table, 'submitted_at', 'text');
    await column(table, 'reviewed_at', 'text');
    if (withLive) {
      await column(table, 'live', 'integer', (c) => c.notNull().defaultTo(1));
      await column(table, 'deleted', 'integer', zero);
      await column(table, 'start_at', 'text');
      await column(table, 'end_at', 'text');
    }
  };
  await add('shop', false);
  await column('shop', 'pending_logo_file_id', 'integer');
  await add('shop_section', true);
  await add('shop_banner', true);
  await column('shop_banner', 'pending_image_file_id', 'integer');

  await withId(db, db.schema.createTable('shop_notice').ifNotExists())
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shop.id').onDelete('cascade'))
    .addColumn('title', 'text', notNull)
    .addColumn('content', 'text', notNull)
    .addColumn('start_at', 'text')
    .addColumn('end_at', 'text')
    .addColumn('live', 'integer', zero)
    .addColumn('deleted', 'integer', zero)
    .addColumn('review_status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('pending', 'text')
    .addColumn('refuse_reason', 'text')
    .addColumn('submitted_at', 'text')
    .addColumn('reviewed_at', 'text')
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('shop_notice_shop_idx').ifNotExists().on('shop_notice').columns(['shop_id', 'deleted']).execute();
  for (const t of ['shop', 'shop_section', 'shop_banner', 'shop_notice']) {
    await db.schema.createIndex(`${t}_review_idx`).ifNotExists().on(t).columns(['review_status']).execute();
  }

  await withId(db, db.schema.createTable('shop_content_review').ifNotExists())
    .addColumn('shop_id', 'integer', notNull)
    .addColumn('kind', 'text', notNull)
    .addColumn('target_id', 'integer', notNull)
    .addColumn('action', 'text', notNull)
    .addColumn('to_status', 'integer', notNull)
    .addColumn('reason', 'text')
    .addColumn('actor_id', 'integer', notNull)
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('shop_content_review_target_idx').ifNotExists().on('shop_content_review').columns(['kind', 'target_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('shop_content_review').ifExists().execute();
  await db.schema.dropTable('shop_notice').ifExists().execute();
  for (const t of ['shop', 'shop_section', 'shop_banner']) await db.schema.dropIndex(`${t}_review_idx`).ifExists().execute();
  const drop = async (table: string, cols: string[]) => {
    for (const c of cols) await db.schema.alterTable(table).dropColumn(c).execute();
  };
  const review = ['review_status', 'pending', 'refuse_reason', 'submitted_at', 'reviewed_at'];
  await drop('shop', [...review, 'pending_logo_file_id']);
  await drop('shop_section', [...review, 'live', 'deleted', 'start_at', 'end_at']);
  await drop('shop_banner', [...review, 'live', 'deleted', 'start_at', 'end_at', 'pending_image_file_id']);
}
