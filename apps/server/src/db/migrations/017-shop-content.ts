import type { Kysely } from 'kysely';
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
  const add = async (table: 'shop' | 'shop_section' | 'shop_banner', withLive: boolean) => {
    const a = () => db.schema.alterTable(table);
    await a()
      .addColumn('review_status', 'integer', (c) => c.notNull().defaultTo(2))
      .execute();
    await a().addColumn('pending', 'text').execute();
    await a().addColumn('refuse_reason', 'text').execute();
    await a().addColumn('submitted_at', 'text').execute();
    await a().addColumn('reviewed_at', 'text').execute();
    if (withLive) {
      await a()
        .addColumn('live', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await a().addColumn('deleted', 'integer', zero).execute();
      await a().addColumn('start_at', 'text').execute();
      await a().addColumn('end_at', 'text').execute();
    }
  };
  await add('shop', false);
  await db.schema.alterTable('shop').addColumn('pending_logo_file_id', 'integer').execute();
  await add('shop_section', true);
  await add('shop_banner', true);
  await db.schema.alterTable('shop_banner').addColumn('pending_image_file_id', 'integer').execute();

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
