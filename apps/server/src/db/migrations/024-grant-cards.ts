import { type Kysely, sql } from 'kysely';
import { hasColumn, notNull, withId, zero } from './portable.ts';

/**
 * 课题经费卡 (grant cards) and the budget ledger:
 * - grant_card: one card of one institute and PI, unique by (institute, card number); its balance
 *   row (frozen, drawn) is updated in the same transaction as each ledger entry, the card row locked.
 * - grant_card_line: budget lines (材料费 …), informational.
 * - grant_card_member / grant_card_default: who may charge a card; each user's default card.
 * - budget_entry: the append-only ledger. The partial unique index on sub_order_id where kind is
 *   'draw' makes a sub-order draw once, whether its claim completes or its statement is paid first.
 * - purchase_order.grant_card_id: the card an order charges; api_client.institute_id: the institute
 *   whose finance system a client speaks for (zkpd calls).
 * Menus come from the base data (start-up sync adds 经费卡 to existing databases).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('grant_card').ifNotExists())
    .addColumn('card_no', 'text', notNull)
    .addColumn('title', 'text', notNull)
    .addColumn('pi_id', 'integer', notNull)
    .addColumn('institute_id', 'integer', notNull)
    .addColumn('dept_id', 'integer')
    .addColumn('valid_from', 'text', notNull)
    .addColumn('valid_to', 'text', notNull)
    .addColumn('status', 'text', notNull)
    .addColumn('policy', 'text', notNull)
    .addColumn('total', 'bigint', notNull)
    .addColumn('frozen', 'bigint', zero)
    .addColumn('drawn', 'bigint', zero)
    .addColumn('source', 'text', notNull)
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('grant_card_no_uq').ifNotExists().unique().on('grant_card').columns(['institute_id', 'card_no']).execute();
  await db.schema.createIndex('grant_card_pi_idx').ifNotExists().on('grant_card').columns(['pi_id', 'id']).execute();

  await withId(db, db.schema.createTable('grant_card_line').ifNotExists())
    .addColumn('card_id', 'integer', notNull)
    .addColumn('name', 'text', notNull)
    .addColumn('amount', 'bigint', notNull)
    .execute();
  await db.schema.createIndex('grant_card_line_card_idx').ifNotExists().on('grant_card_line').column('card_id').execute();

  await db.schema
    .createTable('grant_card_member')
    .ifNotExists()
    .addColumn('card_id', 'integer', notNull)
    .addColumn('user_id', 'integer', notNull)
    .addPrimaryKeyConstraint('grant_card_member_pk', ['card_id', 'user_id'])
    .execute();
  await db.schema.createIndex('grant_card_member_user_idx').ifNotExists().on('grant_card_member').columns(['user_id', 'card_id']).execute();

  await db.schema
    .createTable('grant_card_default')
    .ifNotExists()
    .addColumn('user_id', 'integer', (c) => c.primaryKey())
    .addColumn('card_id', 'integer', notNull)
    .execute();

  await withId(db, db.schema.createTable('budget_entry').ifNotExists())
    .addColumn('card_id', 'integer', notNull)
    .addColumn('kind', 'text', notNull)
    .addColumn('amount', 'bigint', notNull)
    .addColumn('order_id', 'integer')
    .addColumn('sub_order_id', 'integer')
    .addColumn('claim_id', 'integer')
    .addColumn('ref', 'text')
    .addColumn('actor_id', 'integer')
    .addColumn('reason', 'text')
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('budget_entry_card_idx').ifNotExists().on('budget_entry').columns(['card_id', 'id']).execute();
  await db.schema.createIndex('budget_entry_sub_idx').ifNotExists().on('budget_entry').columns(['sub_order_id', 'kind']).execute();
  await db.schema.createIndex('budget_entry_order_idx').ifNotExists().on('budget_entry').column('order_id').execute();
  await db.schema
    .createIndex('budget_entry_one_draw_uq')
    .ifNotExists()
    .unique()
    .on('budget_entry')
    .column('sub_order_id')
    .where(sql.ref('kind'), '=', 'draw')
    .execute();

  if (!(await hasColumn(db, 'purchase_order', 'grant_card_id'))) await db.schema.alterTable('purchase_order').addColumn('grant_card_id', 'integer').execute();
  if (!(await hasColumn(db, 'api_client', 'institute_id'))) await db.schema.alterTable('api_client').addColumn('institute_id', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['budget_entry', 'grant_card_default', 'grant_card_member', 'grant_card_line', 'grant_card'])
    await db.schema.dropTable(t).ifExists().execute();
}
