import type { AppContext } from '../../../platform/context.ts';
import type { Module } from '../../../platform/module.ts';
import { backfilledAt, backfillFacts, markBackfilled } from './spend-ledger.ts';
import { rerollDays, rollupAllMonths, rollupDay, rollupMonths, rollupThroughYesterday } from './spend-rollup.repository.ts';
import { StatisticsRepository } from './statistics.repository.ts';
import { registerStatisticsRoutes } from './statistics.routes.ts';
import { StatisticsService } from './statistics.service.ts';
import { StatScopeRepository } from './statistics-scope.repository.ts';

/**
 * The spend-fact writers other modules call inside their own transactions: orders when a
 * sub-order is accepted (completed) and when one is refunded, whole or in part (after-sales). Red
 * invoices write none (see spend-ledger.ts for why). Callers reach them as
 * `statistics.within(trx).…` (SpendRecorder); the free functions stay for callers not yet moved over.
 */
export { recordAcceptance, recordPartRefund, recordRefund } from './spend-ledger.ts';
export type { SpendRecorder } from './spend-recorder.ts';
export type { StatisticsService };
export { rerollDays, rollupAllMonths, rollupDay, rollupMonths, rollupThroughYesterday };

/** Backfills facts for accepted sub-orders that have none, then recomputes the rolled-up days they fell on. */
export async function backfillStatistics(db: AppContext['database']['db']) {
  const r = await backfillFacts(db);
  await rerollDays(db, r.days);
  return r;
}

/** The backfill at startup, once per database (an upgrade brings its accepted orders into statistics); `npm run statistics -- backfill` reruns it. */
export async function backfillStatisticsOnce(db: AppContext['database']['db']) {
  if (await backfilledAt(db)) return null;
  const r = await backfillStatistics(db);
  await markBackfilled(db);
  return r;
}

/**
 * 统计分析 (docs/domains/ledgers.md#statistics): a read-mostly aggregator over the spend facts. The daily job
 * `statistics.rollup` (00:20 Shanghai) rolls up every day through yesterday, and with each day the
 * month it falls in (spend_monthly); `{ day }` in the payload recomputes that one day and its month.
 */
export function createStatisticsModule(ctx: AppContext): Module<{ statistics: StatisticsService }> {
  const db = ctx.database.db;
  const statistics = new StatisticsService(new StatisticsRepository(db), new StatScopeRepository(db));
  ctx.jobs.define<{ day?: string }>('statistics.rollup', async (job) => {
    if (job.payload?.day) await rollupDay(db, job.payload.day);
    else await rollupThroughYesterday(db);
  });
  ctx.jobs.schedule('statistics.rollup', '20 0 * * *');
  return { services: { statistics }, register: (app) => registerStatisticsRoutes(app, statistics) };
}
