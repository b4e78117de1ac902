import type { Kysely } from 'kysely';
import { notNull, withId, zero } from './portable.ts';

/** Approval flows per institute, the approval chain on each order, order logs, deliveries, express channels, in-app messages. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await s
    .createTable('approval_flow')
    .addColumn('institute_id', 'integer', (c) => c.primaryKey().references('institute.id'))
    .addColumn('team_enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('team_threshold', 'integer', zero)
    .addColumn('institute_enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('institute_threshold', 'integer', (c) => c.notNull().defaultTo(500_000))
    .addColumn('checker_enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('hazard_requires_institute', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_by', 'integer')
    .addColumn('updated_at', 'text', notNull)
    .execute();

  await s
    .alterTable('purchase_order')
    .addColumn('approval_steps', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await s.alterTable('purchase_order').addColumn('checker_required', 'integer', zero).execute();
  await s.alterTable('purchase_order').addColumn('close_reason', 'text').execute();
  await s
    .alterTable('sub_order')
    .addColumn('flags', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await s.alterTable('sub_order').addColumn('reason', 'text').execute();
  await s.alterTable('order_line').addColumn('delivered_qty', 'integer', zero).execute();

  await withId(db, s.createTable('order_log'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('purchase_order.id'))
    .addColumn('sub_order_id', 'integer', (c) => c.references('sub_order.id'))
    .addColumn('actor_id', 'integer')
    .addColumn('actor', 'text', notNull)
    .addColumn('action', 'text', notNull)
    .addColumn('from_status', 'text')
    .addColumn('to_status', 'text', notNull)
    .addColumn('reason', 'text')
    .addColumn('created_at', 'text', notNull)
    .execute();
  await s.createIndex('order_log_order_idx').on('order_log').columns(['order_id', 'id']).execute();
  await s.createIndex('order_log_actor_idx').on('order_log').columns(['actor_id', 'action']).execute();

  await withId(db, s.createTable('express_channel'))
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('code', 'text', notNull)
    .addColumn('tracking_url', 'text')
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', zero)
    .execute();

  await withId(db, s.createTable('delivery'))
    .addColumn('sub_order_id', 'integer', (c) => c.notNull().references('sub_order.id'))
    .addColumn('express_channel_id', 'integer', (c) => c.notNull().references('express_channel.id'))
    .addColumn('tracking_no', 'text', notNull)
    .addColumn('created_by', 'integer', notNull)
    .addColumn('created_at', 'text', notNull)
    .execute();
  await s.createIndex('delivery_sub_idx').on('delivery').columns(['sub_order_id']).execute();
  await s
    .createTable('delivery_line')
    .addColumn('delivery_id', 'integer', (c) => c.notNull().references('delivery.id'))
    .addColumn('order_line_id', 'integer', (c) => c.notNull().references('order_line.id'))
    .addColumn('quantity', 'integer', notNull)
    .addPrimaryKeyConstraint('delivery_line_pk', ['delivery_id', 'order_line_id'])
    .execute();

  await withId(db, s.createTable('user_message'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('title', 'text', notNull)
    .addColumn('content', 'text', notNull)
    .addColumn('link', 'text')
    .addColumn('read', 'integer', zero)
    .addColumn('created_at', 'text', notNull)
    .execute();
  await s.createIndex('user_message_user_idx').on('user_message').columns(['user_id', 'read', 'id']).execute();
  await s.createIndex('sub_order_status_idx').on('sub_order').columns(['status', 'order_id']).execute();
  await s.createIndex('purchase_order_status_idx').on('purchase_order').columns(['status', 'team_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['user_message', 'delivery_line', 'delivery', 'express_channel', 'order_log', 'approval_flow'])
    await db.schema.dropTable(t).ifExists().execute();
}
