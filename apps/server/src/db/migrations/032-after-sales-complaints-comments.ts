import type { Kysely } from 'kysely';
import { notNull, withId, zero } from './portable.ts';

/**
 * 售后, 投诉 and 评价 (issue 14 §5):
 * - after_sale: one request of a buyer on one sub-order; the order's institute, department, team and
 *   people are copied so lists are scoped without joins; `buyer_deleted` hides a cancelled or closed
 *   request from the buyer's list while its quantities keep counting (a deleted request must not
 *   free units for a second refund). after_sale_line: the lines and quantities asked for, priced
 *   from the order line; after_sale_picture: the photos; after_sale_log: every move.
 * - complaint / complaint_file: a buyer's complaint about a supplier (and usually one sub-order).
 * - item_comment: one per order line (unique), scores 1–5, the supplier's reply, the platform's
 *   hiding with a reason; (item_id, hidden, id) serves the item page.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('after_sale').ifNotExists())
    .addColumn('request_no', 'text', notNull)
    .addColumn('sub_order_id', 'integer', notNull)
    .addColumn('order_id', 'integer', notNull)
    .addColumn('supplier_id', 'integer', notNull)
    .addColumn('buyer_id', 'integer', notNull)
    .addColumn('placed_by_id', 'integer', notNull)
    .addColumn('applicant_id', 'integer', notNull)
    .addColumn('institute_id', 'integer')
    .addColumn('dept_id', 'integer')
    .addColumn('team_id', 'integer')
    .addColumn('type', 'text', notNull)
    .addColumn('status', 'text', notNull)
    .addColumn('reason', 'text', notNull)
    .addColumn('refund_amount', 'bigint', zero)
    .addColumn('refuse_reason', 'text')
    .addColumn('express_company', 'text')
    .addColumn('tracking_no', 'text')
    .addColumn('supplier_note', 'text')
    .addColumn('buyer_deleted', 'integer', zero)
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('after_sale_no_uq').ifNotExists().unique().on('after_sale').column('request_no').execute();
  await db.schema.createIndex('after_sale_sub_idx').ifNotExists().on('after_sale').columns(['sub_order_id', 'status']).execute();
  await db.schema.createIndex('after_sale_supplier_idx').ifNotExists().on('after_sale').columns(['supplier_id', 'id']).execute();
  await db.schema.createIndex('after_sale_institute_idx').ifNotExists().on('after_sale').columns(['institute_id', 'id']).execute();
  await db.schema.createIndex('after_sale_buyer_idx').ifNotExists().on('after_sale').columns(['buyer_id', 'id']).execute();

  await withId(db, db.schema.createTable('after_sale_line').ifNotExists())
    .addColumn('after_sale_id', 'integer', notNull)
    .addColumn('order_line_id', 'integer', notNull)
    .addColumn('quantity', 'integer', notNull)
    .addColumn('unit_price', 'bigint', notNull)
    .addColumn('amount', 'bigint', notNull)
    .execute();
  await db.schema.createIndex('after_sale_line_req_idx').ifNotExists().on('after_sale_line').column('after_sale_id').execute();
  await db.schema.createIndex('after_sale_line_line_idx').ifNotExists().on('after_sale_line').column('order_line_id').execute();

  await withId(db, db.schema.createTable('after_sale_picture').ifNotExists())
    .addColumn('after_sale_id', 'integer', notNull)
    .addColumn('file_id', 'integer', notNull)
    .execute();
  await db.schema.createIndex('after_sale_picture_req_idx').ifNotExists().on('after_sale_picture').column('after_sale_id').execute();
  await db.schema.createIndex('after_sale_picture_file_idx').ifNotExists().on('after_sale_picture').column('file_id').execute();

  await withId(db, db.schema.createTable('after_sale_log').ifNotExists())
    .addColumn('after_sale_id', 'integer', notNull)
    .addColumn('actor_id', 'integer')
    .addColumn('actor', 'text', notNull)
    .addColumn('action', 'text', notNull)
    .addColumn('from_status', 'text')
    .addColumn('to_status', 'text', notNull)
    .addColumn('note', 'text')
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('after_sale_log_req_idx').ifNotExists().on('after_sale_log').column('after_sale_id').execute();

  await withId(db, db.schema.createTable('complaint').ifNotExists())
    .addColumn('complaint_no', 'text', notNull)
    .addColumn('buyer_id', 'integer', notNull)
    .addColumn('institute_id', 'integer')
    .addColumn('dept_id', 'integer')
    .addColumn('team_id', 'integer')
    .addColumn('supplier_id', 'integer', notNull)
    .addColumn('sub_order_id', 'integer')
    .addColumn('order_id', 'integer')
    .addColumn('category', 'text', notNull)
    .addColumn('content', 'text', notNull)
    .addColumn('status', 'text', notNull)
    .addColumn('supplier_reply', 'text')
    .addColumn('supplier_replied_at', 'text')
    .addColumn('admin_reply', 'text')
    .addColumn('handled_by', 'integer')
    .addColumn('handled_at', 'text')
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('complaint_no_uq').ifNotExists().unique().on('complaint').column('complaint_no').execute();
  await db.schema.createIndex('complaint_supplier_idx').ifNotExists().on('complaint').columns(['supplier_id', 'id']).execute();
  await db.schema.createIndex('complaint_institute_idx').ifNotExists().on('complaint').columns(['institute_id', 'id']).execute();
  await db.schema.createIndex('complaint_buyer_idx').ifNotExists().on('complaint').columns(['buyer_id', 'id']).execute();

  await withId(db, db.schema.createTable('complaint_file').ifNotExists())
    .addColumn('complaint_id', 'integer', notNull)
    .addColumn('file_id', 'integer', notNull)
    .execute();
  await db.schema.createIndex('complaint_file_c_idx').ifNotExists().on('complaint_file').column('complaint_id').execute();
  await db.schema.createIndex('complaint_file_file_idx').ifNotExists().on('complaint_file').column('file_id').execute();

  await withId(db, db.schema.createTable('item_comment').ifNotExists())
    .addColumn('order_line_id', 'integer', notNull)
    .addColumn('sub_order_id', 'integer', notNull)
    .addColumn('order_id', 'integer', notNull)
    .addColumn('item_id', 'integer', notNull)
    .addColumn('supplier_id', 'integer', notNull)
    .addColumn('buyer_id', 'integer', notNull)
    .addColumn('author_id', 'integer', notNull)
    .addColumn('institute_id', 'integer')
    .addColumn('dept_id', 'integer')
    .addColumn('team_id', 'integer')
    .addColumn('quality', 'integer', notNull)
    .addColumn('delivery', 'integer', notNull)
    .addColumn('service', 'integer', notNull)
    .addColumn('content', 'text', notNull)
    .addColumn('reply', 'text')
    .addColumn('replied_at', 'text')
    .addColumn('hidden', 'integer', zero)
    .addColumn('hide_reason', 'text')
    .addColumn('hidden_by', 'integer')
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('item_comment_line_uq').ifNotExists().unique().on('item_comment').column('order_line_id').execute();
  await db.schema.createIndex('item_comment_item_idx').ifNotExists().on('item_comment').columns(['item_id', 'hidden', 'id']).execute();
  await db.schema.createIndex('item_comment_supplier_idx').ifNotExists().on('item_comment').columns(['supplier_id', 'id']).execute();
  await db.schema.createIndex('item_comment_buyer_idx').ifNotExists().on('item_comment').columns(['buyer_id', 'id']).execute();
  await db.schema.createIndex('item_comment_institute_idx').ifNotExists().on('item_comment').columns(['institute_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['item_comment', 'complaint_file', 'complaint', 'after_sale_log', 'after_sale_picture', 'after_sale_line', 'after_sale'])
    await db.schema.dropTable(t).ifExists().execute();
}
