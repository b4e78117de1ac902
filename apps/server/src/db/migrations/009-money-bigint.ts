import { type Kysely, sql } from 'kysely';
import { isPostgres } from './portable.ts';

/**
 * Money in fen as 64-bit integers on both engines. SQLite's INTEGER already holds 64 bits; on
 * PostgreSQL `integer` is 32-bit, so an order above ¥21,474,836.47 failed there (500) while SQLite
 * accepted it. The pg driver reads int8 as a JS number (platform/db/database.ts): amounts stay far
 * below 2^53 fen because placement bounds an order by MAX_ORDER_AMOUNT_FEN.
 */
export const MONEY_COLUMNS: Record<string, string[]> = {
  item: ['price'],
  cart_item: ['price_at_add'],
  delivery_rule: ['free_above', 'fee'],
  purchase_order: ['goods_amount', 'delivery_fee', 'total_amount'],
  sub_order: ['goods_amount', 'delivery_fee', 'total_amount'],
  order_line: ['unit_price', 'amount'],
  approval_flow: ['team_threshold', 'institute_threshold'],
};

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const [table, columns] of Object.entries(MONEY_COLUMNS)) {
    const alters = columns.map((c) => sql`alter column ${sql.ref(c)} type bigint`);
    // IF EXISTS: a later migration may have replaced the table (016 folds delivery_rule into delivery_fee_rule),
    // and migrations after 005 must run again harmlessly on an installation that has them (see mall-favorites.test)
    await sql`alter table if exists ${sql.table(table)} ${sql.join(alters)}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const [table, columns] of Object.entries(MONEY_COLUMNS)) {
    const alters = columns.map((c) => sql`alter column ${sql.ref(c)} type integer`);
    // IF EXISTS: a later migration may have replaced the table (016 folds delivery_rule into delivery_fee_rule),
    // and migrations after 005 must run again harmlessly on an installation that has them (see mall-favorites.test)
    await sql`alter table if exists ${sql.table(table)} ${sql.join(alters)}`.execute(db);
  }
}
