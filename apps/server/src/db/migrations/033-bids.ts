import { type Kysely, sql } from 'kysely';
import { notNull, withId, zero } from './portable.ts';

/**
 * 招标采购 (modules/bids):
 * - bid_project: a buyer's request — institute, department, team and buyer copied from the buyer;
 *   ceiling price (fen), deadline, the delivery address copied from the buyer's address book,
 *   invite mode (invited | all), state (bidding → opened | failed → awarded | closed; failed → bidding
 *   in a new round), the current round, the opening time, the awarded bid and the order it became.
 *   No column moves when a bid arrives (the secrecy rule: nothing a non-bidder reads changes).
 * - bid_project_line: the items (name, spec, CAS, quantity, unit).
 * - bid_project_supplier: the invited suppliers.
 * - bid_offer: one sealed bid per supplier and round while live (void = 0; partial unique index);
 *   editing the request voids the round's bids (void = 1). submitted_at is the time of the amount in
 *   force (ties at opening go to the earliest). rank and invalid_reason are written once, at opening.
 * - bid_offer_line: the bid's unit price per item.
 * - bid_log: who did what to a project (publish, edit, open, award, rebid, close); never a bid.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('bid_project').ifNotExists())
    .addColumn('project_no', 'text', notNull)
    .addColumn('title', 'text', notNull)
    .addColumn('institute_id', 'integer', notNull)
    .addColumn('dept_id', 'integer', notNull)
    .addColumn('team_id', 'integer')
    .addColumn('buyer_id', 'integer', notNull)
    .addColumn('ceiling_amount', 'bigint', notNull)
    .addColumn('deadline', 'text', notNull)
    .addColumn('address_id', 'integer')
    .addColumn('recv_province', 'text', notNull)
    .addColumn('recv_city', 'text', notNull)
    .addColumn('recv_district', 'text', notNull)
    .addColumn('recv_detail', 'text', notNull)
    .addColumn('recv_contact', 'text', notNull)
    .addColumn('recv_phone', 'text', notNull)
    .addColumn('invite_mode', 'text', notNull)
    .addColumn('remark', 'text', notNull)
    .addColumn('state', 'text', notNull)
    .addColumn('round', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('opened_at', 'text')
    .addColumn('winner_bid_id', 'integer')
    .addColumn('order_id', 'integer')
    .addColumn('close_reason', 'text')
    .addColumn('published_at', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('bid_project_no_uq').ifNotExists().unique().on('bid_project').column('project_no').execute();
  await db.schema.createIndex('bid_project_institute_idx').ifNotExists().on('bid_project').columns(['institute_id', 'id']).execute();
  await db.schema.createIndex('bid_project_buyer_idx').ifNotExists().on('bid_project').columns(['buyer_id', 'id']).execute();
  await db.schema.createIndex('bid_project_state_idx').ifNotExists().on('bid_project').columns(['state', 'deadline']).execute();

  await withId(db, db.schema.createTable('bid_project_line').ifNotExists())
    .addColumn('project_id', 'integer', (c) => c.notNull().references('bid_project.id'))
    .addColumn('line_no', 'integer', notNull)
    .addColumn('name', 'text', notNull)
    .addColumn('spec', 'text', notNull)
    .addColumn('cas', 'text')
    .addColumn('quantity', 'integer', notNull)
    .addColumn('unit', 'text', notNull)
    .execute();
  await db.schema.createIndex('bid_project_line_project_idx').ifNotExists().on('bid_project_line').columns(['project_id', 'line_no']).execute();

  await db.schema
    .createTable('bid_project_supplier')
    .ifNotExists()
    .addColumn('project_id', 'integer', (c) => c.notNull().references('bid_project.id'))
    .addColumn('supplier_id', 'integer', notNull)
    .addPrimaryKeyConstraint('bid_project_supplier_pk', ['project_id', 'supplier_id'])
    .execute();
  await db.schema.createIndex('bid_project_supplier_idx').ifNotExists().on('bid_project_supplier').columns(['supplier_id', 'project_id']).execute();

  await withId(db, db.schema.createTable('bid_offer').ifNotExists())
    .addColumn('project_id', 'integer', (c) => c.notNull().references('bid_project.id'))
    .addColumn('round', 'integer', notNull)
    .addColumn('supplier_id', 'integer', notNull)
    .addColumn('total_amount', 'bigint', notNull)
    .addColumn('delivery_days', 'integer', zero)
    .addColumn('remark', 'text', notNull)
    .addColumn('void', 'integer', zero)
    .addColumn('rank', 'integer')
    .addColumn('invalid_reason', 'text')
    .addColumn('submitted_by', 'integer', notNull)
    .addColumn('submitted_at', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('bid_offer_live_uq')
    .ifNotExists()
    .unique()
    .on('bid_offer')
    .columns(['project_id', 'round', 'supplier_id'])
    .where(sql.ref('void'), '=', 0)
    .execute();
  await db.schema.createIndex('bid_offer_supplier_idx').ifNotExists().on('bid_offer').columns(['supplier_id', 'project_id']).execute();

  await withId(db, db.schema.createTable('bid_offer_line').ifNotExists())
    .addColumn('offer_id', 'integer', (c) => c.notNull().references('bid_offer.id'))
    .addColumn('line_id', 'integer', notNull)
    .addColumn('unit_price', 'bigint', notNull)
    .addColumn('amount', 'bigint', notNull)
    .execute();
  await db.schema.createIndex('bid_offer_line_offer_idx').ifNotExists().on('bid_offer_line').column('offer_id').execute();

  await withId(db, db.schema.createTable('bid_log').ifNotExists())
    .addColumn('project_id', 'integer', (c) => c.notNull().references('bid_project.id'))
    .addColumn('round', 'integer', notNull)
    .addColumn('actor_id', 'integer')
    .addColumn('action', 'text', notNull)
    .addColumn('from_state', 'text')
    .addColumn('to_state', 'text', notNull)
    .addColumn('detail', 'text')
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('bid_log_project_idx').ifNotExists().on('bid_log').columns(['project_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['bid_log', 'bid_offer_line', 'bid_offer', 'bid_project_supplier', 'bid_project_line', 'bid_project']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
