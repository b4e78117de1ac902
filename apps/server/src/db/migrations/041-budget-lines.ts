import { BUDGET_LINE_DICT_SEED } from '@kc/contracts/shared/dicts-seed';
import { type Kysely, sql } from 'kysely';
import { seedDictTypes } from './035-dicts-reviews.ts';
import { hasColumn, zero } from './portable.ts';

/**
 * Spending per budget line (预算科目) of a grant card (issue 12 §2):
 * - grant_card_line.frozen / drawn: each line's balance row, moved in the same transaction as the
 *   card's (the card row locked first); available = amount − frozen − drawn.
 * - sub_order.budget_line_id: the line a sub-order charges (null: its card has no lines).
 * - budget_entry.line_id: the line each ledger entry moves.
 * - the dictionary 商品分类对应预算科目 (budget_line_category): which line checkout preselects.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (!(await hasColumn(db, 'grant_card_line', 'frozen'))) await db.schema.alterTable('grant_card_line').addColumn('frozen', 'bigint', zero).execute();
  if (!(await hasColumn(db, 'grant_card_line', 'drawn'))) await db.schema.alterTable('grant_card_line').addColumn('drawn', 'bigint', zero).execute();
  if (!(await hasColumn(db, 'sub_order', 'budget_line_id'))) await db.schema.alterTable('sub_order').addColumn('budget_line_id', 'integer').execute();
  if (!(await hasColumn(db, 'budget_entry', 'line_id'))) await db.schema.alterTable('budget_entry').addColumn('line_id', 'integer').execute();
  await db.schema.createIndex('sub_order_budget_line_idx').ifNotExists().on('sub_order').column('budget_line_id').execute();
  await seedDictTypes(db, [BUDGET_LINE_DICT_SEED]);
  // clients cache dictionaries by version: a new type means a new version
  await db.updateTable('dict_version').set({ version: sql`version + 1` }).where('id', '=', 1).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('sub_order_budget_line_idx').ifExists().execute();
}
