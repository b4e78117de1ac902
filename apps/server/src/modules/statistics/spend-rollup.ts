import { shanghaiDate } from '@kc/contracts/common';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';

type Db = Kysely<DB>;

/** The setting naming the last day spend_daily holds completely (YYYY-MM-DD); later days are read from the facts. */
export const ROLLED_THROUGH = 'statistics_rolled_through';
const DIMENSIONS = ['institute_id', 'college_id', 'team_id', 'user_id', 'supplier_id', 'item_id', 'brand_id', 'category_id', 'grant_card_id'] as const;

export const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * Recomputes days [from, to] of spend_daily from their facts, in one transaction: delete the days,
 * insert their groups. Running it again (the job retried, a day rerun by hand) gives the same rows.
 */
export async function rollupDays(db: Db, from: string, to: string): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await trx.deleteFrom('spend_daily').where('day', '>=', from).where('day', '<=', to).execute();
    const r = await trx
      .insertInto('spend_daily')
      .columns(['day', 'month', ...DIMENSIONS, 'amount', 'quantity', 'lines', 'orders'])
      .expression(
        trx
          .selectFrom('spend_fact')
          .select(['day', 'month', ...DIMENSIONS])
          .select((eb) => [
            eb.fn.sum<number>('amount').as('amount'),
            eb.fn.sum<number>('quantity').as('quantity'),
            eb.fn.sum<number>('lines').as('lines'),
            eb.fn.sum<number>('orders').as('orders'),
          ])
          .where('day', '>=', from)
          .where('day', '<=', to)
          .groupBy(['day', 'month', ...DIMENSIONS]),
      )
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0);
  });
}

/** Recomputes one day of spend_daily from that day's facts (idempotent). */
export const rollupDay = (db: Db, day: string) => rollupDays(db, day, day);

/** The day spend_daily is complete through (null: nothing rolled up yet, every day is read from facts). */
export async function rolledThrough(db: Db): Promise<string | null> {
  const r = await db.selectFrom('setting').select('value').where('name', '=', ROLLED_THROUGH).executeTakeFirst();
  return r?.value ?? null;
}

async function setRolledThrough(db: Db, day: string) {
  const r = await db.updateTable('setting').set({ value: day }).where('name', '=', ROLLED_THROUGH).executeTakeFirst();
  if (!Number(r.numUpdatedRows))
    await db
      .insertInto('setting')
      .values({ name: ROLLED_THROUGH, value: day })
      .onConflict((oc) => oc.column('name').doUpdateSet({ value: day }))
      .execute();
}

/**
 * The daily job: rolls up every day after the last rolled one through yesterday (Shanghai), so a
 * missed night is caught up, then moves the mark. Today stays in the facts (still being written).
 * The first run starts at the earliest fact.
 */
export async function rollupThroughYesterday(db: Db, now = new Date()): Promise<string[]> {
  const yesterday = shanghaiDate(now.getTime() - 86_400_000);
  const mark = await rolledThrough(db);
  let day = mark
    ? nextDay(mark)
    : ((
        await db
          .selectFrom('spend_fact')
          .select((eb) => eb.fn.min('day').as('d'))
          .executeTakeFirst()
      )?.d as string | null);
  const done: string[] = [];
  if (!day) {
    await setRolledThrough(db, yesterday);
    return done;
  }
  // a month per transaction: a long catch-up (the first run over years of backfilled facts) neither
  // holds one huge transaction nor commits once per day
  for (; day <= yesterday; day = nextDay(day)) done.push(day);
  for (let i = 0; i < done.length; i += 31) await rollupDays(db, done[i], done[Math.min(done.length, i + 31) - 1]);
  if (!mark || mark < yesterday) await setRolledThrough(db, yesterday);
  return done;
}

/** Recomputes the given days where they are already rolled up (after a backfill added facts to them). */
export async function rerollDays(db: Db, days: string[]) {
  const mark = await rolledThrough(db);
  for (const d of days) if (mark && d <= mark) await rollupDay(db, d);
}

/** Count of facts: the backfill's report and the bench's check. */
export const factCount = async (db: Db) => Number((await db.selectFrom('spend_fact').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
