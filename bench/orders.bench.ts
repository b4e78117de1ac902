// bench:orders — a team leader's first page of orders awaiting approval, with filters, on a database
// of 100,000 orders (sub-orders and lines included): p50 and p95 through the real order-lifecycle
// service (OrderQueriesService.list('team', 'pending', …): role check, led teams, scope, filters,
// count, page, sub-orders), in process, on SQLite and on PostgreSQL when DATABASE_URL is set.
//
//   npm run bench:orders                       SQLite (+ PostgreSQL when DATABASE_URL is set)
//   npm run bench:orders -- --pg               also PostgreSQL (DATABASE_URL or the local default)
//   npm run bench:orders -- --orders 20000 --runs 300
//   npm run bench:orders -- --keep --no-write  keep the databases to inspect query plans; leave docs alone
//
// The databases are built fresh each run (bulk multi-row INSERTs in transactions, not HTTP) and
// removed afterwards (unless --keep): SQLite in a temporary directory, PostgreSQL as its own database.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { ensureBaseData } from '../apps/server/src/db/seed/base-data.ts';
import { seedCatalog } from '../apps/server/src/db/seed/catalog/generate.ts';
import { seedDemo } from '../apps/server/src/db/seed/demo.ts';
import { ApprovalsService } from '../apps/server/src/modules/approvals/approvals.service.ts';
import { ApproversRepository } from '../apps/server/src/modules/approvals/approvers.repository.ts';
import { GrantCardsRepository } from '../apps/server/src/modules/budget/grant-cards.repository.ts';
import { GrantCardsService } from '../apps/server/src/modules/budget/grant-cards.service.ts';
import { type ListFilter, OrderRepository } from '../apps/server/src/modules/orders/order.repository.ts';
import { OrderQueriesService } from '../apps/server/src/modules/orders/order-queries.service.ts';
import type { Caller } from '../apps/server/src/platform/auth/access.ts';
import { type Database, openDatabase } from '../apps/server/src/platform/db/database.ts';
import type { DB } from '../apps/server/src/platform/db/schema.ts';
import { machineLine, writeSection } from './support/report.ts';

const { values: args } = parseArgs({
  options: {
    orders: { type: 'string' },
    runs: { type: 'string' },
    pg: { type: 'boolean' },
    'no-write': { type: 'boolean' },
    keep: { type: 'boolean' },
  },
  strict: true,
});
const ORDERS = Number(args.orders ?? 100_000);
const RUNS = Number(args.runs ?? 300);
const PG_URL = process.env.DATABASE_URL || (args.pg ? 'postgres://postgres@127.0.0.1:5432/postgres' : null);
const GOAL_MS = 50;
const log = (...m: unknown[]) => console.log(...m);

/** Deterministic pseudo-random numbers (mulberry32): the same database every run. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const DAY = 86_400_000;
const shanghaiDay = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 10);

/** Order statuses outside the bench team's pending share, with the sub-order states that go with them. */
const STATUS_MIX: [status: string, weight: number, subs: string[]][] = [
  ['pending_team', 4, ['waiting']],
  ['pending_institute', 5, ['waiting']],
  ['approved', 38, ['to_confirm', 'to_deliver', 'partially_delivered', 'delivered', 'arrived']],
  ['completed', 38, ['completed']],
  ['refused', 5, ['cancelled']],
  ['cancelled', 7, ['cancelled']],
  ['stopped', 3, ['stopped']],
];

interface Demo {
  teams: { id: number; institute_id: number; dept_id: number; members: number[] }[];
  benchTeam: number;
  leader: Caller;
  items: Map<
    number,
    {
      id: number;
      name: string;
      spec: string;
      brand: string | null;
      cas: string | null;
      catalog_no: string | null;
      grade: string | null;
      unit: string;
      price: number;
    }[]
  >;
}

async function loadDemo(db: Kysely<DB>): Promise<Demo> {
  const teams = await db.selectFrom('team').select(['id', 'institute_id', 'dept_id', 'leader_user_id']).orderBy('id').execute();
  const members = await db.selectFrom('user_dept').select(['user_id', 'team_id']).where('team_id', 'is not', null).execute();
  const byInstitute = await db
    .selectFrom('app_user')
    .select(['id', 'institute_id'])
    .where('account_type', '=', 1)
    .where('institute_id', 'is not', null)
    .execute();
  const leader = await db.selectFrom('app_user').selectAll().where('user_name', '=', 'leader1').executeTakeFirstOrThrow();
  const benchTeam = teams.find((t) => t.leader_user_id === leader.id)?.id;
  if (!benchTeam) throw new Error('演示数据中找不到 leader1 的课题组');
  const items = await db
    .selectFrom('item')
    .leftJoin('brand', 'brand.id', 'item.brand_id')
    .select([
      'item.id',
      'item.supplier_id',
      'item.name',
      'item.spec',
      'brand.name as brand',
      'item.cas',
      'item.catalog_no',
      'item.grade',
      'item.unit',
      'item.price',
    ])
    .execute();
  const bySupplier = new Map<number, Demo['items'] extends Map<number, infer V> ? V : never>();
  for (const it of items) bySupplier.set(it.supplier_id, [...(bySupplier.get(it.supplier_id) ?? []), it]);
  return {
    teams: teams.map((t) => {
      const own = members.filter((m) => m.team_id === t.id).map((m) => m.user_id);
      // a team with no members of its own orders through its institute's buyers
      return { ...t, members: own.length ? own : byInstitute.filter((u) => u.institute_id === t.institute_id).map((u) => u.id) };
    }),
    benchTeam,
    items: bySupplier,
    leader: {
      userId: leader.id,
      userName: leader.user_name,
      accountType: leader.account_type,
      instituteId: leader.institute_id,
      supplierId: null,
      deptId: leader.current_dept_id,
      deptPath: null,
      teamId: benchTeam,
      roleIds: [],
      perms: new Set(),
      pageFlags: new Set(),
      mustChangePassword: false,
      dataScope: 'team',
      fid: 'bench',
      aclVersion: null,
    },
  };
}

/** Rows for every engine: multi-row INSERTs in chunks under the bound-parameter limits, one transaction per batch. */
async function insertChunked<T extends keyof DB>(db: Kysely<DB>, table: T, rows: Record<string, unknown>[], perInsert: number) {
  for (let i = 0; i < rows.length; i += perInsert) {
    await db
      .insertInto(table)
      .values(rows.slice(i, i + perInsert) as never)
      .execute();
  }
}

async function build(database: Database): Promise<{ seconds: number; counts: { orders: number; subs: number; lines: number; benchPending: number } }> {
  const started = Date.now();
  const db = database.db;
  await migrateToLatest(db);
  await ensureBaseData(db);
  await seedDemo(db);
  await seedCatalog(db, { items: 600 });
  const demo = await loadDemo(db);
  const suppliers = [...demo.items.keys()];
  const rand = rng(20261122);
  const pick = <V>(xs: V[]) => xs[Math.floor(rand() * xs.length)];
  const weightTotal = STATUS_MIX.reduce((a, s) => a + s[1], 0);
  const mix = () => {
    let r = rand() * weightTotal;
    for (const s of STATUS_MIX) {
      r -= s[1];
      if (r < 0) return s;
    }
    return STATUS_MIX[0];
  };
  const now = Date.now();
  const counts = { orders: 0, subs: 0, lines: 0, benchPending: 0 };
  const BATCH = 5_000;
  let subId = 0;
  let lineId = 0;
  for (let base = 0; base < ORDERS; base += BATCH) {
    const orders: Record<string, unknown>[] = [];
    const subs: Record<string, unknown>[] = [];
    const lines: Record<string, unknown>[] = [];
    for (let i = base; i < Math.min(ORDERS, base + BATCH); i++) {
      const id = i + 1;
      // ~5% are the bench team's orders awaiting its leader; the rest spread over every team and status
      const benchPending = rand() < 0.05;
      const team = benchPending ? (demo.teams.find((t) => t.id === demo.benchTeam) as Demo['teams'][number]) : pick(demo.teams);
      const [status, , subStates] = benchPending ? STATUS_MIX[0] : mix();
      if (status === 'pending_team' && team.id === demo.benchTeam) counts.benchPending++;
      const created = new Date(now - Math.floor(rand() * 365 * DAY));
      const at = created.toISOString();
      const orderNo = `PO${shanghaiDay(created.getTime()).replace(/-/g, '')}${String(id).padStart(10, '0')}`;
      const buyer = pick(team.members);
      const nSubs = 1 + Math.floor(rand() * 2.2);
      const chosen = [...suppliers].sort(() => rand() - 0.5).slice(0, nSubs);
      let goods = 0;
      for (const [k, supplierId] of chosen.entries()) {
        const sid = ++subId;
        const nLines = 1 + Math.floor(rand() * 2.5);
        let subGoods = 0;
        for (let l = 0; l < nLines; l++) {
          const it = pick(demo.items.get(supplierId) ?? []);
          const qty = 1 + Math.floor(rand() * 5);
          subGoods += it.price * qty;
          lines.push({
            id: ++lineId,
            order_id: id,
            sub_order_id: sid,
            item_id: it.id,
            name: it.name,
            spec: it.spec,
            brand: it.brand,
            cas: it.cas,
            catalog_no: it.catalog_no,
            grade: it.grade,
            unit: it.unit,
            unit_price: it.price,
            quantity: qty,
            amount: it.price * qty,
            hazard: '',
            delivered_qty: 0,
          });
        }
        goods += subGoods;
        subs.push({
          id: sid,
          order_id: id,
          sub_no: `${orderNo}-${k + 1}`,
          supplier_id: supplierId,
          goods_amount: subGoods,
          delivery_fee: 0,
          total_amount: subGoods,
          remark: null,
          status: pick(subStates),
          flags: '',
          reason: null,
          created_at: at,
          updated_at: at,
        });
      }
      orders.push({
        id,
        order_no: orderNo,
        buyer_id: buyer,
        placed_by_id: buyer,
        institute_id: team.institute_id,
        dept_id: team.dept_id,
        team_id: team.id,
        recv_province: '北京市',
        recv_city: '北京市',
        recv_district: '海淀区',
        recv_detail: '中关村北一街2号',
        recv_contact: '王晓明',
        recv_phone: '13810230001',
        goods_amount: goods,
        delivery_fee: 0,
        total_amount: goods,
        has_hazard: 0,
        status,
        idempotency_key: `bench-${id}`,
        approval_steps: goods >= 500_000 ? 'team,institute' : 'team',
        checker_required: 1,
        close_reason: null,
        created_at: at,
        updated_at: at,
      });
    }
    await db.transaction().execute(async (trx) => {
      await insertChunked(trx, 'purchase_order', orders, 1000);
      await insertChunked(trx, 'sub_order', subs, 2000);
      await insertChunked(trx, 'order_line', lines, 1500);
    });
    counts.orders += orders.length;
    counts.subs += subs.length;
    counts.lines += lines.length;
    if ((base + BATCH) % 25_000 === 0 || base + BATCH >= ORDERS)
      log(`  ${database.engine}: ${counts.orders.toLocaleString()} 单（${((Date.now() - started) / 1000).toFixed(0)} s）`);
  }
  if (database.engine === 'postgres') {
    // ids were given explicitly: move the identity sequences past them
    for (const t of ['purchase_order', 'sub_order', 'order_line'])
      await rawSql(db, `SELECT setval(pg_get_serial_sequence('${t}', 'id'), (SELECT max(id) FROM ${t}))`);
    // what autovacuum does after a bulk load: statistics and the visibility map (index-only scans)
    await rawSql(db, 'VACUUM ANALYZE');
  }
  // SQLite gets no ANALYZE: the server never runs one on orders, so the planner works without statistics
  return { seconds: (Date.now() - started) / 1000, counts };
}

async function rawSql(db: Kysely<DB>, text: string) {
  await sql.raw(text).execute(db);
}

// ── measurement ──
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};
const ms = (v: number) => (v >= 100 ? v.toFixed(0) : v.toFixed(1));

interface Variant {
  name: string;
  filter: Omit<ListFilter, 'current' | 'size'>;
}

/** The filters the approval page sends: nothing, an order-number prefix (a month), a date range (the last 30 days), both. */
function variants(): Variant[] {
  const now = Date.now();
  const month = shanghaiDay(now - 40 * DAY)
    .slice(0, 7)
    .replace('-', '');
  // Shanghai calendar days to UTC instants, as the list routes do
  const day = (ms: number, plus = 0) => new Date(Date.parse(`${shanghaiDay(ms)}T00:00:00+08:00`) + plus * DAY).toISOString();
  const range = { dateFrom: day(now - 30 * DAY), dateTo: day(now, 1) };
  return [
    { name: '无筛选', filter: {} },
    { name: `订单号前缀 PO${month}`, filter: { orderNo: `PO${month}` } },
    { name: '下单日期：最近 30 天', filter: range },
    { name: '订单号前缀 + 日期', filter: { orderNo: `PO${month}`, ...range } },
  ];
}

interface Figures {
  variant: string;
  total: number;
  p50: number;
  p95: number;
  max: number;
}

async function measure(database: Database): Promise<Figures[]> {
  const approvals = new ApprovalsService(new ApproversRepository(database.db));
  const svc = new OrderQueriesService(new OrderRepository(database.db), approvals, new GrantCardsService(new GrantCardsRepository(database.db), approvals));
  const demo = await loadDemo(database.db);
  const vs = variants().map((v) => ({ ...v, f: { ...v.filter, current: 1, size: 20 } as ListFilter, times: [] as number[], total: 0 }));
  for (const v of vs) {
    const first = await svc.list(demo.leader, 'team', 'pending', v.f);
    // the page must be what the leader may see: pending, in the bench team
    if (first.records.some((r) => r.status !== 'pending_team' || r.teamId !== demo.benchTeam)) throw new Error(`${v.name}：结果超出课题组长的范围`);
    if (first.records.length === 0) throw new Error(`${v.name}：没有结果，基准无意义`);
    v.total = first.total;
    for (let i = 0; i < 20; i++) await svc.list(demo.leader, 'team', 'pending', v.f);
  }
  // round-robin over the variants: a burst of load from a neighbour on the shared machine hits them alike
  for (let i = 0; i < RUNS; i++) {
    for (const v of vs) {
      const t0 = performance.now();
      await svc.list(demo.leader, 'team', 'pending', v.f);
      v.times.push(performance.now() - t0);
    }
  }
  return vs.map((v) => {
    const fig = { variant: v.name, total: v.total, p50: pct(v.times, 50), p95: pct(v.times, 95), max: Math.max(...v.times) };
    log(`  ${database.engine} · ${v.name}：命中 ${fig.total.toLocaleString()}，p50 ${ms(fig.p50)} ms，p95 ${ms(fig.p95)} ms`);
    return fig;
  });
}

interface EngineResult {
  label: string;
  built: Awaited<ReturnType<typeof build>>;
  figures: Figures[];
}

async function runSqlite(): Promise<EngineResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kc-orders-bench-'));
  const database = openDatabase({ databaseUrl: null, dataDir: dir });
  try {
    log(`构建 SQLite 订单库（${ORDERS.toLocaleString()} 单）：${dir}`);
    const built = await build(database);
    return { label: 'SQLite', built, figures: await measure(database) };
  } finally {
    await database.close();
    if (args.keep) log(`保留 SQLite 库：${dir}`);
    else fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function runPg(baseUrl: string): Promise<EngineResult> {
  const name = `kc_orders_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  const u = new URL(baseUrl);
  u.pathname = `/${name}`;
  const database = openDatabase({ databaseUrl: u.toString(), dataDir: os.tmpdir() });
  try {
    log(`构建 PostgreSQL 订单库（${ORDERS.toLocaleString()} 单）：${name}`);
    const built = await build(database);
    return { label: 'PostgreSQL', built, figures: await measure(database) };
  } finally {
    await database.close();
    if (args.keep) log(`保留 PostgreSQL 库：${name}`);
    else await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

const started = Date.now();
const loadBefore = os.loadavg()[0];
const results = [await runSqlite()];
if (PG_URL) results.push(await runPg(PG_URL));

const verdict = (p95: number) => (p95 < GOAL_MS ? '✅' : '❌');
const c = results[0].built.counts;
const md = [
  '## bench:orders — 课题组长待审批订单第一页（100,000 单）',
  '',
  `${machineLine()} · 1 分钟负载（load average）开始 ${loadBefore.toFixed(1)}、结束 ${os.loadavg()[0].toFixed(1)} · 进程内调用订单流转服务 OrderQueriesService.list('team', 'pending', …)（角色校验、所领课题组、范围、筛选、计数、分页、子订单，真实仓储代码路径）· 每个场景预热 20 次后各测 ${RUNS} 次（各场景轮流） · 每页 20 条 · 总耗时 ${((Date.now() - started) / 1000).toFixed(0)} s`,
  '',
  `数据：${c.orders.toLocaleString()} 个订单、${c.subs.toLocaleString()} 个子订单、${c.lines.toLocaleString()} 行明细，分布在演示数据的 2 个研究所、7 个课题组和各个状态，下单时间分布在最近一年；基准课题组（leader1 所领）待审批 ${c.benchPending.toLocaleString()} 单（约 ${((c.benchPending / c.orders) * 100).toFixed(1)}%）。批量 SQL 写入（事务内多行 INSERT），${results.map((r) => `${r.label} 构建 ${r.built.seconds.toFixed(0)} s`).join('，')}。`,
  '',
  `| 引擎 | 场景 | 命中 | p50 (ms) | p95 (ms) | 最大 (ms) | 目标 p95 < ${GOAL_MS} ms |`,
  '|---|---|---:|---:|---:|---:|---|',
  ...results.flatMap((r) =>
    r.figures.map((f) => `| ${r.label} | ${f.variant} | ${f.total.toLocaleString()} | ${ms(f.p50)} | ${ms(f.p95)} | ${ms(f.max)} | ${verdict(f.p95)} |`),
  ),
  '',
  '说明：机器为 2 个共享 CPU 核，同机可能有其他进程，p95 和最大值主要反映争用，p50 更接近查询本身。订单号筛选与列表页一致，为忽略大小写的字面包含匹配（lower(order_no) LIKE %…% ESCAPE，通配符按字面），在迁移 005 的（状态、课题组、下单时间、id、订单号、研究所）索引范围内逐条比较，计数不回表；日期筛选为北京时间的自然日。PostgreSQL 在批量写入后执行 VACUUM ANALYZE（相当于自动清理）；SQLite 不做 ANALYZE（服务端从不对订单表收集统计），迁移 005 的子订单索引（供应商、订单）保证无统计时取子订单仍是精确查找。',
].join('\n');
log(`\n${md}`);
if (!args['no-write']) writeSection('orders-list', md);
