import { parseArgs } from 'node:util';
import type { StatQuery } from '@kc/contracts/ledgers/statistics';
import { shanghaiDate } from '@kc/contracts/platform/common';
import { type Kysely, sql } from 'kysely';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { ensureBaseData } from '../apps/server/src/db/seed/base-data.ts';
import { seedDemo } from '../apps/server/src/db/seed/demo.ts';
import { rollupDay, rollupThroughYesterday } from '../apps/server/src/modules/ledgers/statistics/index.ts';
import { ROLLED_THROUGH } from '../apps/server/src/modules/ledgers/statistics/spend-rollup.repository.ts';
import { StatisticsRepository } from '../apps/server/src/modules/ledgers/statistics/statistics.repository.ts';
import { StatisticsService } from '../apps/server/src/modules/ledgers/statistics/statistics.service.ts';
import { StatScopeRepository } from '../apps/server/src/modules/ledgers/statistics/statistics-scope.repository.ts';
import type { Caller } from '../apps/server/src/platform/auth/access.ts';
import type { Database } from '../apps/server/src/platform/db/database.ts';
import type { DB } from '../apps/server/src/platform/db/schema.ts';
import { machineLine, writeSection } from './support/report.ts';
import { onPostgres, onSqlite } from './support/scratch-database.ts';

const { values: args } = parseArgs({
  options: { facts: { type: 'string' }, runs: { type: 'string' }, pg: { type: 'boolean' }, 'pg-only': { type: 'boolean' }, 'no-write': { type: 'boolean' } },
  strict: true,
});
const FACTS = Number(args.facts ?? 1_000_000);
const RUNS = Number(args.runs ?? 40);
const PG_URL = process.env.DATABASE_URL || (args.pg || args['pg-only'] ? 'postgres://postgres@127.0.0.1:5432/postgres' : null);
const DAYS = 730;
const CHUNK = 100_000;
const log = (...m: unknown[]) => console.log(...m);

/**
 * The facts, one statement per chunk of n: a multiplicative hash of n spreads each over the
 * dimensions; the benchmarked institute (ICCAS) gets one fact in ten, the rest go to nine other
 * institute ids. Every third fact also counts its sub-order.
 */
function factsSql(pgEngine: boolean, from: number, to: number, today: string, institute: number) {
  const h = (k: number, mod: number) => sql.raw(`((n * ${k}) % ${mod})`);
  const day = pgEngine
    ? sql`to_char(${today}::date - (n % ${sql.lit(DAYS)})::int, 'YYYY-MM-DD')`
    : sql`date(${today}, '-' || (n % ${sql.lit(DAYS)}) || ' days')`;
  const select = sql`SELECT
      'bench:' || n, 'accept', ${today}, ${day}, substr(${day}, 1, 7), n / 3 + 1, n / 3 + 1, n,
      CASE WHEN n % 10 = 0 THEN ${institute} ELSE 1000 + n % 9 END,
      2000 + ${h(7, 40)}, 3000 + ${h(13, 200)}, 10000 + ${h(2654435761, 2000)},
      ${h(40503, 300)} + 1, 100000 + ${h(2246822519, 20000)}, 500 + ${h(97, 500)}, 700 + ${h(31, 100)}, NULL,
      100 + ${h(3266489917, 500000)}, 1 + n % 5, 1, CASE WHEN n % 3 = 0 THEN 1 ELSE 0 END`;
  const cols = sql.raw(
    '(event_key, kind, occurred_at, day, month, order_id, sub_order_id, order_line_id, institute_id, college_id, team_id, user_id, supplier_id, item_id, brand_id, category_id, grant_card_id, amount, quantity, lines, orders)',
  );
  return pgEngine
    ? sql`INSERT INTO spend_fact ${cols} ${select} FROM generate_series(${sql.lit(from)}::bigint, ${sql.lit(to)}::bigint) AS g(n)`
    : sql`WITH RECURSIVE seq(n) AS (SELECT ${sql.lit(from)} UNION ALL SELECT n + 1 FROM seq WHERE n < ${sql.lit(to)}) INSERT INTO spend_fact ${cols} ${select} FROM seq`;
}

const p = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))];

async function run(label: string, database: Database) {
  const db = database.db as Kysely<DB>;
  const pgEngine = label === 'PostgreSQL';
  await migrateToLatest(db);
  await ensureBaseData(db);
  await seedDemo(db);
  const inst = await db.selectFrom('institute').select('id').where('code', '=', 'ICCAS').executeTakeFirstOrThrow();
  const fin = await db.selectFrom('app_user').select('id').where('user_name', '=', 'finance1').executeTakeFirstOrThrow();
  const today = shanghaiDate();

  const t0 = performance.now();
  for (let from = 1; from <= FACTS; from += CHUNK) {
    await factsSql(pgEngine, from, Math.min(FACTS, from + CHUNK - 1), today, inst.id).execute(db);
    process.stdout.write('.');
  }
  log('');
  if (pgEngine) await sql`VACUUM ANALYZE spend_fact`.execute(db);
  else await sql`ANALYZE`.execute(db);
  const buildS = (performance.now() - t0) / 1000;

  const r0 = performance.now();
  const days = await rollupThroughYesterday(db);
  const rollupAllS = (performance.now() - r0) / 1000;
  if (pgEngine) await sql`VACUUM ANALYZE spend_daily`.execute(db);
  else await sql`ANALYZE`.execute(db);
  const yesterday = shanghaiDate(Date.now() - 86_400_000);
  const dayMs: number[] = [];
  for (let i = 0; i < 5; i++) {
    const s = performance.now();
    await rollupDay(db, yesterday);
    dayMs.push(performance.now() - s);
  }
  const dailyRows = Number((await db.selectFrom('spend_daily').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
  const monthlyRows = Number((await db.selectFrom('spend_monthly').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);

  const caller = {
    userId: fin.id,
    userName: 'finance1',
    accountType: 1,
    instituteId: inst.id,
    supplierId: null,
    deptId: null,
    deptPath: null,
    teamId: null,
    roleIds: [],
    perms: new Set(['mq:statistics:view']),
    mustChangePassword: false,
    pageFlags: new Set<string>(),
    dataScope: 'institute',
    fid: 'bench',
    aclVersion: null,
  } satisfies Caller;
  const svc = new StatisticsService(new StatisticsRepository(db), new StatScopeRepository(db));
  const q: StatQuery = { top: 10 };
  // the page's five calls, as it sends them (at once)
  const dashboard = () =>
    Promise.all([
      svc.all(caller, 'institution', q),
      svc.month(caller, 'institution', q),
      svc.company(caller, 'institution', q),
      svc.item(caller, 'institution', q),
      svc.brand(caller, 'institution', q),
    ]);
  const first = await dashboard();
  // wall time, and this process's CPU time (the machine is shared: other processes inflate the wall time)
  const ms: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const s = performance.now();
    const c = process.cpuUsage();
    await dashboard();
    const used = process.cpuUsage(c);
    ms.push(performance.now() - s);
    cpu.push((used.user + used.system) / 1000);
  }
  const covered = first[0].totals.lines;
  // the same dashboard from the facts alone (as if nothing were rolled up): the rollups must answer it to the fen
  const mark = await db.selectFrom('setting').select('value').where('name', '=', ROLLED_THROUGH).executeTakeFirstOrThrow();
  await db.deleteFrom('setting').where('name', '=', ROLLED_THROUGH).execute();
  const viaFacts = await dashboard();
  await db.insertInto('setting').values({ name: ROLLED_THROUGH, value: mark.value }).execute();
  const canon = (d: Awaited<ReturnType<typeof dashboard>>) =>
    JSON.stringify([{ ...d[0], categories: [...d[0].categories].sort((a, b) => a.name.localeCompare(b.name)) }, d[1], d[2], d[3], d[4]]);
  const equal = canon(viaFacts) === canon(first);
  if (!equal) log('看板从汇总读出的结果与只读事实表的结果不一致', canon(first).slice(0, 2000), canon(viaFacts).slice(0, 2000));
  const result = {
    label,
    buildS,
    rollupAllS,
    days: days.length,
    dailyRows,
    monthlyRows,
    dayMs: p(dayMs, 0.5),
    covered,
    equal,
    p50: p(ms, 0.5),
    p95: p(ms, 0.95),
    cpu95: p(cpu, 0.95),
  };
  // each engine's figures as soon as they are known (the PostgreSQL run takes minutes more)
  log(JSON.stringify(result));
  return result;
}

async function runSqlite() {
  return onSqlite('statistics', (s) => run(s.label, s.database));
}

async function runPg(baseUrl: string) {
  return onPostgres(baseUrl, 'statistics', (s) => run(s.label, s.database));
}

const results = args['pg-only'] ? [] : [await runSqlite()];
if (PG_URL) results.push(await runPg(PG_URL));
const md = [
  `## bench:statistics — 统计分析（${FACTS.toLocaleString()} 条订单明细事实）`,
  '',
  `${machineLine()} · 进程内调用真实服务（StatisticsService）`,
  '',
  `数据：${FACTS.toLocaleString()} 条 spend_fact（每条一行订单明细）以批量 SQL 生成（SQLite 递归 CTE、PostgreSQL generate_series，每批 ${CHUNK.toLocaleString()} 条），分布在近 ${DAYS} 天、10 个研究所、40 个部门、200 个课题组、2,000 名采购人、300 家供应商、20,000 件商品、500 个品牌；被测研究所占十分之一。先把全部历史日逐日汇总（spend_daily，连同每月的月汇总 spend_monthly：月 × 研究所 × 部门 × 课题组 × 供应商 × 品牌 × 品类，不含采购人与商品），再测：单日汇总 = 重算昨天（删除该日后按维度 INSERT … SELECT，再由日汇总重算该月的月汇总，5 次取中位数）；研究所看板 = 页面同时发出的 5 个调用（all、month、company、item、brand，近 12 个月：过去的整月读月汇总，本月读日汇总，今天读事实表；商品排名读日汇总），连续 ${RUNS} 次；之后清除汇总标记再由事实表读一次同样的 5 个调用，比对结果（合计、各月、供应商、品牌、商品排名与品类占比）到分。`,
  '',
  '| 引擎 | 生成事实 (s) | 汇总全部历史 (s) | 日汇总行数 | 月汇总行数 | 单日汇总 (ms) | 目标 < 5 s | 看板覆盖明细行 | 与只读事实表一致 | 看板 p50 (ms) | 看板 p95 (ms) | 目标 < 200 ms | 看板 p95 进程 CPU (ms) |',
  '|---|---:|---:|---:|---:|---:|---|---:|---|---:|---:|---|---:|',
  ...results.map(
    (r) =>
      `| ${r.label} | ${r.buildS.toFixed(1)} | ${r.rollupAllS.toFixed(1)}（${r.days} 天） | ${r.dailyRows.toLocaleString()} | ${r.monthlyRows.toLocaleString()} | ${r.dayMs.toFixed(0)} | ${r.dayMs < 5000 ? '✅' : '❌'} | ${r.covered.toLocaleString()} | ${r.equal ? '✅' : '❌'} | ${r.p50.toFixed(0)} | ${r.p95.toFixed(0)} | ${r.p95 < 200 ? '✅' : '❌'} | ${r.cpu95.toFixed(0)} |`,
  ),
].join('\n');
log(md);
if (!args['no-write']) writeSection('statistics', md);
