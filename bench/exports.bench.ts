// bench:exports — an asynchronous export of 100,000 orders with their lines (issue 12 §5), through the
// real server: the platform admin asks for 全部订单 in the background (POST /mall/v1/export/addRecord),
// the job streams the rows page by page into the file store while the bench
//   - polls getFileInfo until the record is done (total time, target < 60 s),
//   - samples the server process's resident memory every 100 ms (peak, target < 300 MB),
//   - calls getUserAllInfo (signed, as buyer1) one after another all along (p95, target < 50 ms).
//
//   npm run bench:exports                      SQLite
//   npm run bench:exports -- --pg              PostgreSQL (DATABASE_URL or the local default)
//   npm run bench:exports -- --orders 20000 --no-write
//
// The database is seeded before the server starts (bench/support/order-seed.ts: bulk INSERTs, not HTTP).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { backfillStatisticsOnce } from '../apps/server/src/modules/ledgers/statistics/index.ts';
import { openDatabase } from '../apps/server/src/platform/db/database.ts';
import { buildOrders } from './support/order-seed.ts';
import { startProductServer } from './support/processes.ts';
import { machineLine, writeSection } from './support/report.ts';
import { loginOverHttp, signHeaders } from './support/signed-fetch.ts';

const { values: args } = parseArgs({
  options: { orders: { type: 'string' }, pg: { type: 'boolean' }, 'no-write': { type: 'boolean' } },
  strict: true,
});
const ORDERS = Number(args.orders ?? 100_000);
const PG_BASE = process.env.DATABASE_URL || (args.pg ? 'postgres://postgres@127.0.0.1:5432/postgres' : null);
const GOALS = { seconds: 60, rssMb: 300, p95Ms: 50 };
const log = (...m: unknown[]) => console.log(...m);
const started = Date.now();
const loadBefore = os.loadavg()[0];

// ── the database ──
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kc-bench-exports-'));
let pgUrl: string | null = null;
let dropPg: (() => Promise<void>) | null = null;
if (PG_BASE) {
  const name = `kc_bench_exports_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: PG_BASE });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(PG_BASE);
  u.pathname = `/${name}`;
  pgUrl = u.toString();
  dropPg = async () => {
    const c = new pg.Client({ connectionString: PG_BASE });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  };
}
const database = openDatabase({ databaseUrl: pgUrl, dataDir });
log(`播种 ${ORDERS.toLocaleString()} 个订单（${database.engine}）…`);
const built = await buildOrders(database, ORDERS, log);
// the spend facts of these accepted orders: the server's first start would write them before it
// listens (once per database); done here, untimed, so the server starts as an upgraded one does
const backfillStarted = Date.now();
await backfillStatisticsOnce(database.db);
log(`统计事实回填：${((Date.now() - backfillStarted) / 1000).toFixed(0)} s（不计入）`);
await database.close();
log(
  `播种完成：${built.counts.orders.toLocaleString()} 单、${built.counts.subs.toLocaleString()} 子订单、${built.counts.lines.toLocaleString()} 行，${built.seconds.toFixed(0)} s`,
);

// ── the server, on that database ──
const server = await startProductServer(
  { CATALOG_ITEMS: '600', CATALOG_PICTURES: 'false', DEMO_ORDERS: 'false', ...(pgUrl ? { DATABASE_URL: pgUrl } : {}) },
  { dataDir },
);
const pid = server.proc.pid!;
const rssMb = () => {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : 0;
};

async function signedCall(base: string, session: { token: string; signKey: string }, method: 'GET' | 'POST', target: string, json?: unknown) {
  const body = json === undefined ? '' : JSON.stringify(json);
  const r = await fetch(base + target, {
    method,
    headers: {
      authorization: `Bearer ${session.token}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...signHeaders(method, target, body, session.signKey),
    },
    body: body || undefined,
  });
  const j = (await r.json()) as { code: number; message: string; data: any };
  if (j.code !== 200) throw new Error(`${target}：${j.message}`);
  return j.data;
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? 0;
};

let result: { seconds: number; peakRss: number; idleRss: number; p50: number; p95: number; calls: number; rows: number; bytes: number; status: string };
try {
  const admin = await loginOverHttp(server.url, 'admin', 'Admin@2026');
  const buyer = await loginOverHttp(server.url, 'buyer1', 'Demo@2026');
  // warm both paths (JIT, caches) before measuring
  for (let i = 0; i < 50; i++) await signedCall(server.url, buyer, 'GET', `/uac/v1/caas-user/getUserAllInfo?t=w${i}`);
  const idleRss = rssMb();

  let peak = idleRss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb());
  }, 100);
  const latencies: number[] = [];
  let running = true;
  const prober = (async () => {
    let i = 0;
    while (running) {
      const t0 = performance.now();
      await signedCall(server.url, buyer, 'GET', `/uac/v1/caas-user/getUserAllInfo?t=${(i++).toString(36)}`);
      latencies.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();

  const t0 = Date.now();
  const rec = await signedCall(server.url, admin, 'POST', '/mall/v1/export/addRecord', { page: 'admin', filter: { tab: 'all' } });
  let info: { status: string; progress: number; rowCount: number; downloadUrl: string | null; error: string | null };
  let lastProgress = -1;
  for (;;) {
    info = await signedCall(server.url, admin, 'GET', `/mall/v1/export/getFileInfo?id=${rec.id}&t=${Date.now().toString(36)}`);
    if (info.progress !== lastProgress) {
      lastProgress = info.progress;
      log(`  进度 ${info.progress}%（${info.rowCount.toLocaleString()} 行，${((Date.now() - t0) / 1000).toFixed(1)} s，RSS ${rssMb().toFixed(0)} MB）`);
    }
    if (info.status === 'done' || info.status === 'failed') break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const seconds = (Date.now() - t0) / 1000;
  running = false;
  await prober;
  clearInterval(sampler);
  if (info.status !== 'done') throw new Error(`导出失败：${info.error}`);
  const file = await fetch(server.url + info.downloadUrl);
  const bytes = (await file.arrayBuffer()).byteLength;
  result = {
    seconds,
    peakRss: peak,
    idleRss,
    p50: pct(latencies, 50),
    p95: pct(latencies, 95),
    calls: latencies.length,
    rows: info.rowCount,
    bytes,
    status: info.status,
  };
} finally {
  await server.stop();
  if (dropPg) await dropPg();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const ok = (v: number, goal: number) => (v < goal ? '✓' : '✗');
const md = `## 异步导出：${ORDERS.toLocaleString()} 个订单（bench/exports.bench.ts）

平台管理员在“全部订单”后台导出（\`POST /mall/v1/export/addRecord\`），后台任务按键集分页（每页 100 单）读出订单明细，经 exceljs 流式写出器直接写入文件存储；期间基准每 100 ms 读一次服务进程的 RSS，并以采购人身份逐个调用 \`getUserAllInfo\`（签名，间隔 20 ms）。

| 引擎 | 订单 / 子订单 / 行 | 导出总耗时 | 服务进程 RSS（导出前 → 峰值） | 导出期间 getUserAllInfo p50 / p95（${result.calls} 次） | 文件 |
|---|---|---|---|---|---|
| ${database.engine === 'postgres' ? 'PostgreSQL' : 'SQLite'} | ${built.counts.orders.toLocaleString()} / ${built.counts.subs.toLocaleString()} / ${built.counts.lines.toLocaleString()} | ${result.seconds.toFixed(1)} s ${ok(result.seconds, GOALS.seconds)}（目标 < ${GOALS.seconds} s） | ${result.idleRss.toFixed(0)} → ${result.peakRss.toFixed(0)} MB ${ok(result.peakRss, GOALS.rssMb)}（目标 < ${GOALS.rssMb} MB） | ${result.p50.toFixed(1)} / ${result.p95.toFixed(1)} ms ${ok(result.p95, GOALS.p95Ms)}（目标 p95 < ${GOALS.p95Ms} ms） | ${result.rows.toLocaleString()} 行，${(result.bytes / 1024 / 1024).toFixed(1)} MB |

${machineLine()} · 1 分钟负载（load average）开始 ${loadBefore.toFixed(1)}、结束 ${os.loadavg()[0].toFixed(1)}（机器与其他进程共享 2 个核心，数字只在同一次运行内可比）· 播种 ${built.seconds.toFixed(0)} s（不计入）· 总耗时 ${((Date.now() - started) / 1000).toFixed(0)} s`;
log(md);
if (!args['no-write']) writeSection(`exports-${database.engine}`, md);
