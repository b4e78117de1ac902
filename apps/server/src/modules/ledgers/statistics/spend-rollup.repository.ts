import { shanghaiDate } from '@kc/contracts/platform/common';
import { type Kysely, PostgresAdapter, sql } from 'kysely';
import type { Executor } from '../../../platform/db/executor.ts';
import type { DB } from '../../../platform/db/schema.ts';
import { readSetting, writeSetting } from '../../../platform/db/settings.ts';

/*
 * SQL of the rollups (spend_daily, spend_monthly) the dashboards read besides the facts: each is
 * rebuilt from spend-ledger.ts's facts, never written any other way. Functions opening their own
 * transactions take the database (Kysely); the others run on the caller's executor.
 */

/** The setting naming the last day spend_daily holds completely (YYYY-MM-DD); later days are read from the facts. */
export const ROLLED_THROUGH = 'statistics_rolled_through';
const DIMENSIONS = ['institute_id', 'college_id', 'team_id', 'user_id', 'supplier_id', 'item_id', 'brand_id', 'category_id', 'grant_card_id'] as const;

/** Serialises the transactions that rewrite rollup rows on PostgreSQL (SQLite has one writer anyway). */
async function lockRollup(trx: Executor) {
  if (trx.getExecutor().adapter instanceof PostgresAdapter) await sql`SELECT pg_advisory_xact_lock(hashtextextended('statistics.rollup', 0))`.execute(trx);
}

export const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** The first day of the month after `month` (YYYY-MM → YYYY-MM-DD). */
export const nextMonthStart = (month: string) => {
  const [y, m] = month.split('-').map(Number);
  return new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10);
};

/**
 * Recomputes days [from, to] of spend_daily from their facts, in one transaction: delete the days,
 * insert their groups; then the months those days fall in, in spend_monthly, from their daily rows.
 * Running it again (the job retried, a day rerun by hand) gives the same rows.
 */
export async function rollupDays(db: Kysely<DB>, from: string, to: string): Promise<number> {
  return db.transaction().execute(async (trx) => {
    // two rollups at once (the nightly job and an import's reroll of the same month) would each
    // delete only what is committed and both insert: serialised on PostgreSQL (SQLite has one writer)
    await lockRollup(trx);
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
    await monthsFromDaily(trx, from.slice(0, 7), to.slice(0, 7));
    return Number(r.numInsertedOrUpdatedRows ?? 0);
  });
}

const MONTH_DIMENSIONS = ['month', 'institute_id', 'college_id', 'team_id', 'supplier_id', 'brand_id', 'category_id'] as const;

/** Months [from, to] (YYYY-MM) of spend_monthly recomputed from their daily rows, in the caller's transaction. */
async function monthsFromDaily(db: Executor, from: string, to: string) {
  await db.deleteFrom('spend_monthly').where('month', '>=', from).where('month', '<=', to).execute();
  const goods = sql<number>`case when item_id is null then 0 else 1 end`;
  await db
    .insertInto('spend_monthly')
    .columns([...MONTH_DIMENSIONS, 'goods', 'amount', 'quantity', 'lines', 'orders'])
    .expression(
      db
        .selectFrom('spend_daily')
        .select([...MONTH_DIMENSIONS, goods.as('goods')])
        .select((eb) => [
          eb.fn.sum<number>('amount').as('amount'),
          eb.fn.sum<number>('quantity').as('quantity'),
          eb.fn.sum<number>('lines').as('lines'),
          eb.fn.sum<number>('orders').as('orders'),
        ])
        // by day, so spend_daily's day index finds the months' rows
        .where('day', '>=', `${from}-01`)
        .where('day', '<', nextMonthStart(to))
        .groupBy([...MONTH_DIMENSIONS, goods]),
    )
    .execute();
}

/**
 * Recomputes months [from, to] (YYYY-MM) of spend_monthly from spend_daily as it stands, in one
 * transaction (`npm run statistics -- rollup-months`): the monthly rollup can always be rebuilt.
 */
export async function rollupMonths(db: Kysely<DB>, from: string, to: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockRollup(trx);
    await monthsFromDaily(trx, from, to);
  });
}

/** Every month of spend_monthly recomputed from spend_daily. */
export async function rollupAllMonths(db: Kysely<DB>): Promise<void> {
  const r = await db
    .selectFrom('spend_daily')
    .select((eb) => [eb.fn.min('month').as('a'), eb.fn.max('month').as('b')])
    .executeTakeFirst();
  await db.transaction().execute(async (trx) => {
    await lockRollup(trx);
    // months no daily row holds any more go too
    await trx.deleteFrom('spend_monthly').execute();
    if (r?.a && r.b) await monthsFromDaily(trx, r.a as string, r.b as string);
  });
}

/** Recomputes one day of spend_daily from that day's facts (idempotent). */
export const rollupDay = (db: Kysely<DB>, day: string) => rollupDays(db, day, day);

/** The day spend_daily is complete through (null: nothing rolled up yet, every day is read from facts). */
export async function rolledThrough(db: Executor): Promise<string | null> {
  return readSetting(db, ROLLED_THROUGH);
}

function setRolledThrough(db: Executor, day: string) {
  return writeSetting(db, ROLLED_THROUGH, day);
}

/**
 * The daily job: rolls up every day after the last rolled one through yesterday (Shanghai), so a
 * missed night is caught up, then moves the mark. Today stays in the facts (still being written).
 * The first run starts at the earliest fact.
 */
export async function rollupThroughYesterday(db: Kysely<DB>, now = new Date()): Promise<string[]> {
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
  // a calendar month per transaction: a long catch-up (the first run over years of backfilled facts)
  // neither holds one huge transaction nor commits once per day, and each month's monthly rollup is
  // recomputed once
  for (; day <= yesterday; day = nextDay(day)) done.push(day);
  for (const days of byMonth(done)) await rollupDays(db, days[0], days[days.length - 1]);
  if (!mark || mark < yesterday) await setRolledThrough(db, yesterday);
  return done;
}

/** Consecutive runs of the sorted days, one per calendar month. */
function byMonth(days: string[]): string[][] {
  const runs: string[][] = [];
  for (const d of days) {
    const last = runs[runs.length - 1];
    if (last && last[0].slice(0, 7) === d.slice(0, 7)) last.push(d);
    else runs.push([d]);
  }
  return runs;
}

/**
 * Recomputes the given days where they are already rolled up (after a backfill or an import added
 * facts to them): per month, its days from the first to the last given, in one transaction, and the
 * month once.
 */
export async function rerollDays(db: Kysely<DB>, days: string[]) {
  const mark = await rolledThrough(db);
  if (!mark) return;
  const rolled = [...new Set(days)].filter((d) => d <= mark).sort();
  for (const run of byMonth(rolled)) await rollupDays(db, run[0], run[run.length - 1]);
}

/** Count of facts: the backfill's report and the bench's check. */
export const factCount = async (db: Executor) => Number((await db.selectFrom('spend_fact').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
