// npm run statistics -- backfill | rollup [YYYY-MM-DD] — statistics maintenance on the configured database:
//   backfill           spend facts for every accepted sub-order that has none, then the rolled-up days they fell on
//   rollup             every day after the last rolled one through yesterday (what the nightly job does)
//   rollup 2026-11-20  recomputes that one day from its facts (idempotent)
import { loadConfig } from '../config.ts';
import { backfillStatistics, rollupDay, rollupThroughYesterday } from '../modules/statistics/index.ts';
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
} else {
  console.log('用法：npm run statistics -- backfill | rollup [YYYY-MM-DD]');
  process.exitCode = 1;
}
await database.close();
