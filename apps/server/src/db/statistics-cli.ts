// npm run statistics -- backfill | rollup [YYYY-MM-DD] | rollup-months [YYYY-MM] — statistics maintenance on the configured database:
//   backfill              spend facts for every accepted sub-order that has none, then the rolled-up days they fell on
//   rollup                every day after the last rolled one through yesterday, with their months (what the nightly job does)
//   rollup 2026-11-20     recomputes that one day from its facts, and its month from the daily rows (idempotent)
//   rollup-months         recomputes every month of the monthly rollup from the daily rows
//   rollup-months 2026-10 recomputes that one month from its daily rows
import { loadConfig } from '../config.ts';
import { backfillStatistics, rollupAllMonths, rollupDay, rollupMonths, rollupThroughYesterday } from '../modules/ledgers/statistics/index.ts';
import { openDatabase } from '../platform/db/database.ts';
import { migrateToLatest } from './migrate.ts';

const [cmd, day] = process.argv.slice(2);
const config = loadConfig();
const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await migrateToLatest(database.db);
if (cmd === 'backfill') {
  const r = await backfillStatistics(database.db);
  console.log(`已补记 ${r.subOrders} 个已验收子订单的统计，涉及 ${r.days.length} 天`);
} else if (cmd === 'rollup' && day) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new Error('日期格式应为 YYYY-MM-DD');
  console.log(`${day} 汇总 ${await rollupDay(database.db, day)} 行`);
} else if (cmd === 'rollup') {
  const days = await rollupThroughYesterday(database.db);
  console.log(days.length ? `已汇总 ${days[0]} 至 ${days[days.length - 1]}，共 ${days.length} 天` : '没有待汇总的日期');
} else if (cmd === 'rollup-months' && day) {
  if (!/^\d{4}-\d{2}$/.test(day)) throw new Error('月份格式应为 YYYY-MM');
  await rollupMonths(database.db, day, day);
  console.log(`${day} 月汇总已按日汇总重算`);
} else if (cmd === 'rollup-months') {
  await rollupAllMonths(database.db);
  console.log('全部月汇总已按日汇总重算');
} else {
  console.log('用法：npm run statistics -- backfill | rollup [YYYY-MM-DD] | rollup-months [YYYY-MM]');
  process.exitCode = 1;
}
await database.close();
