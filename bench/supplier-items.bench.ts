// bench:supplier-items — the supplier portal at scale (issue 10 §5):
//   1. a 10,000-row price sheet: upload (read, check every row, match, keep the preview) and confirm
//      (applied in one transaction), with the process's peak memory (RSS) while it runs;
//   2. the supplier's item list (商品管理) with 200,000 items of that supplier: p50/p95 per scenario.
// Both through the real services (PriceImportsService, SupplierItemsService), in process, on SQLite
// and on PostgreSQL when DATABASE_URL is set (or --pg).
//
//   npm run bench:supplier-items                    SQLite (+ PostgreSQL when DATABASE_URL is set)
//   npm run bench:supplier-items -- --pg            also PostgreSQL (DATABASE_URL or the local default)
//   npm run bench:supplier-items -- --items 50000 --rows 2000 --no-write
//   npm run bench:supplier-items -- --pg --keep     keep the PostgreSQL database to inspect query plans
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import ExcelJS from 'exceljs';
import { type Insertable, type Kysely, sql } from 'kysely';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { ensureBaseData } from '../apps/server/src/db/seed/base-data.ts';
import { seedCatalog } from '../apps/server/src/db/seed/catalog/generate.ts';
import { seedDemo } from '../apps/server/src/db/seed/demo.ts';
import { SupplierItemsRepository } from '../apps/server/src/modules/supply/catalog/supplier-items.repository.ts';
import { SupplierItemsService } from '../apps/server/src/modules/supply/catalog/supplier-items.service.ts';
import type { Caller } from '../apps/server/src/platform/auth/access.ts';
import type { Database } from '../apps/server/src/platform/db/database.ts';
import type { DB } from '../apps/server/src/platform/db/schema.ts';
import { openSearchIndex } from '../apps/server/src/platform/search/open-search-index.ts';
import { itemTokens } from '../apps/server/src/platform/search/tokenize.ts';
import { machineLine, writeSection } from './support/report.ts';
import { onPostgres, onSqlite } from './support/scratch-database.ts';

const { values: args } = parseArgs({
  options: {
    items: { type: 'string' },
    rows: { type: 'string' },
    runs: { type: 'string' },
    pg: { type: 'boolean' },
    'no-write': { type: 'boolean' },
    keep: { type: 'boolean' },
  },
  strict: true,
});
const ITEMS = Number(args.items ?? 200_000);
const ROWS = Number(args.rows ?? 10_000);
const RUNS = Number(args.runs ?? 200);
const PG_URL = process.env.DATABASE_URL || (args.pg ? 'postgres://postgres@127.0.0.1:5432/postgres' : null);
const GOALS = { validateS: 10, applyS: 20, rssMb: 300, listP95Ms: 50 };
const log = (...m: unknown[]) => console.log(...m);

const NAMES = ['无水乙醇', '氯化钠', '甲醇', '乙腈', '丙酮', '二甲基亚砜', '三羟甲基氨基甲烷', '牛血清白蛋白', '磷酸二氢钾', '盐酸'];
const SPECS = ['25g', '100g', '500g', '500mL', '2.5L', '1kg'];

/** The bench supplier (supplier1's company) and a caller for it with 商品维护. */
async function benchSupplier(db: Kysely<DB>): Promise<Caller> {
  const u = await db.selectFrom('app_user').select(['id', 'supplier_id']).where('user_name', '=', 'supplier1').executeTakeFirstOrThrow();
  return {
    userId: u.id,
    userName: 'supplier1',
    accountType: 2,
    instituteId: null,
    supplierId: u.supplier_id,
    deptId: null,
    deptPath: null,
    teamId: null,
    roleIds: [],
    perms: new Set(['supplier:item:edit']),
    mustChangePassword: false,
    pageFlags: new Set(),
    dataScope: 'self' as Caller['dataScope'],
    fid: 'bench',
    aclVersion: null,
  };
}

/** `count` more items of the supplier, 货号 BNnnnnnn from `from`, in multi-row INSERTs. */
async function addItems(db: Kysely<DB>, supplierId: number, from: number, count: number) {
  const brands = await db.selectFrom('brand').select('id').orderBy('id').limit(12).execute();
  const category = await db.selectFrom('item').select('category_id as id').where('category_id', 'is not', null).executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  const batch = 400;
  for (let i = 0; i < count; i += batch) {
    const rows: Insertable<DB['item']>[] = [];
    for (let k = i; k < Math.min(count, i + batch); k++) {
      const n = from + k;
      const name = NAMES[n % NAMES.length];
      rows.push({
        supplier_id: supplierId,
        name: `${name}（批 ${n}）`,
        name_en: null,
        cas: null,
        brand_id: brands[n % brands.length].id,
        catalog_no: `BN${String(n).padStart(7, '0')}`,
        spec: SPECS[n % SPECS.length],
        pack_amount: null,
        pack_unit: null,
        grade: 'AR',
        unit: '瓶',
        price: 1000 + ((n * 37) % 90_000),
        stock: 100,
        category_id: category.id,
        section_id: null,
        images: '[]',
        hazard_dangerous: 0,
        hazard_precursor: 0,
        hazard_explosive: 0,
        hazard_toxic: 0,
        supply_areas: '',
        on_shelf: n % 10 === 0 ? 0 : 1,
        deleted: 0,
        sales: n % 500,
        product_key: `bench-${n}`,
        tokens: itemTokens({ name, name_en: null, grade: 'AR', spec: SPECS[n % SPECS.length], catalog_no: `BN${String(n).padStart(7, '0')}` }, null, null),
        version: 1,
        created_at: now,
        updated_at: now,
      });
    }
    await db.transaction().execute((trx) => trx.insertInto('item').values(rows).execute());
  }
}

/** A filled-in template: ROWS of the supplier's items, a mix of ups, downs, unchanged and ±30% moves. */
async function sheetOf(db: Kysely<DB>, supplierId: number): Promise<Buffer> {
  const items = await db
    .selectFrom('item')
    .innerJoin('brand', 'brand.id', 'item.brand_id')
    .select(['item.catalog_no', 'item.spec', 'item.price', 'brand.name as brand'])
    .where('item.supplier_id', '=', supplierId)
    .where('item.catalog_no', 'like', 'BN%')
    .orderBy('item.id')
    .limit(ROWS)
    .execute();
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('价格表');
  ws.addRow(['货号', '品牌', '规格', '单价（元）', '库存', '货期（天，0为现货）']);
  items.forEach((it, i) => {
    const factor = i % 20 === 0 ? 1.5 : i % 3 === 0 ? 1.05 : i % 3 === 1 ? 0.95 : 1;
    ws.addRow([
      it.catalog_no,
      it.brand,
      it.spec,
      ((Math.round(Number(it.price) * factor) || 1) / 100).toFixed(2),
      String(50 + (i % 50)),
      i % 4 === 0 ? '现货' : '3-5天',
    ]);
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}

interface ImportFigures {
  fileMb: number;
  validateS: number;
  applyS: number;
  peakMb: number;
  baselineMb: number;
  counts: string;
}

/** The import in a child process (support/price-import-run.ts), so its peak RSS is the import's own. */
async function measureImport(db: Kysely<DB>, caller: Caller, where: { databaseUrl?: string; dataDir?: string }): Promise<ImportFigures> {
  const sheet = path.join(os.tmpdir(), `kc-bench-sheet-${process.pid}.xlsx`);
  fs.writeFileSync(sheet, await sheetOf(db, caller.supplierId as number));
  try {
    const out = execFileSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'support/price-import-run.ts')], {
      env: {
        ...process.env,
        BENCH_DATABASE_URL: where.databaseUrl ?? '',
        BENCH_DATA_DIR: where.dataDir ?? '',
        BENCH_SHEET: sheet,
        BENCH_USER_ID: String(caller.userId),
        BENCH_SUPPLIER_ID: String(caller.supplierId),
      },
      encoding: 'utf8',
    });
    return JSON.parse(out.trim().split('\n').at(-1) as string) as ImportFigures;
  } finally {
    fs.rmSync(sheet, { force: true });
  }
}

interface ListFigures {
  scenario: string;
  hits: number;
  p50: number;
  p95: number;
}

async function measureList(database: Database, caller: Caller): Promise<ListFigures[]> {
  const svc = new SupplierItemsService(new SupplierItemsRepository(database.db, openSearchIndex(database.engine)));
  const scenarios: [string, Parameters<SupplierItemsService['page']>[1]][] = [
    ['在售第一页', { tab: 'onShelf', current: 1, size: 20 }],
    ['在售第 200 页', { tab: 'onShelf', current: 200, size: 20 }],
    ['已下架第一页', { tab: 'offShelf', current: 1, size: 20 }],
    ['按货号查找 BN0123451', { tab: 'onShelf', keyword: 'BN0123451', current: 1, size: 20 }],
    ['按名称查找 三羟甲基', { tab: 'onShelf', keyword: '三羟甲基', current: 1, size: 20 }],
  ];
  const times = scenarios.map(() => [] as number[]);
  const hits = scenarios.map(() => 0);
  for (let round = 0; round < RUNS + 10; round++) {
    for (let s = 0; s < scenarios.length; s++) {
      const t0 = performance.now();
      const page = await svc.page(caller, scenarios[s][1]);
      const ms = performance.now() - t0;
      if (round >= 10) times[s].push(ms);
      hits[s] = page.total;
    }
  }
  const q = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];
  return scenarios.map(([scenario], s) => ({ scenario, hits: hits[s], p50: q(times[s], 0.5), p95: q(times[s], 0.95) }));
}

interface EngineResult {
  label: string;
  imp: ImportFigures;
  list: ListFigures[];
  buildS: number;
  supplierItems: number;
}

async function run(label: string, database: Database, where: { databaseUrl?: string; dataDir?: string }): Promise<EngineResult> {
  const t0 = Date.now();
  const db = database.db;
  await migrateToLatest(db);
  await ensureBaseData(db);
  await seedDemo(db);
  await seedCatalog(db, { items: 300, pictures: false });
  const caller = await benchSupplier(db);
  await addItems(db, caller.supplierId as number, 0, ROWS);
  log(`${label}：导入 ${ROWS.toLocaleString()} 行价格表`);
  const imp = await measureImport(db, caller, where);
  log(`${label}：补足到 ${ITEMS.toLocaleString()} 件商品`);
  await addItems(db, caller.supplierId as number, ROWS, ITEMS - ROWS);
  if (label === 'PostgreSQL') await sql`VACUUM ANALYZE item`.execute(db);
  const buildS = (Date.now() - t0) / 1000;
  const n = await db
    .selectFrom('item')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('supplier_id', '=', caller.supplierId as number)
    .executeTakeFirstOrThrow();
  log(`${label}：商品列表`);
  return { label, imp, list: await measureList(database, caller), buildS, supplierItems: Number(n.n) };
}

function runSqlite(): Promise<EngineResult> {
  return onSqlite('supplier', (s) => run(s.label, s.database, { dataDir: s.dataDir }), { keep: args.keep, log });
}

function runPg(baseUrl: string): Promise<EngineResult> {
  return onPostgres(baseUrl, 'supplier', (s) => run(s.label, s.database, { databaseUrl: s.databaseUrl }), { keep: args.keep, log });
}

const started = Date.now();
const results = [await runSqlite()];
if (PG_URL) results.push(await runPg(PG_URL));
const ok = (v: number, goal: number) => (v < goal ? '✅' : '❌');
const f1 = (v: number) => v.toFixed(1);
const md = [
  `## bench:supplier-items — 价格导入（${ROWS.toLocaleString()} 行）与供应商商品列表（${ITEMS.toLocaleString()} 件）`,
  '',
  `${machineLine()} · 进程内调用真实服务（PriceImportsService.upload / confirm，SupplierItemsService.page）· 总耗时 ${((Date.now() - started) / 1000).toFixed(0)} s`,
  '',
  `价格表：${ROWS.toLocaleString()} 行（${f1(results[0].imp.fileMb)} MB），${results[0].imp.counts}。“校验”= 读取 xlsx、逐行检查、按品牌/货号/规格匹配、写入预览行；“生效”= 一个事务内更新全部商品（价格、库存、货期）、写价格历史与送审申请。内存为单独的导入进程（bench/support/price-import-run.ts）在校验与生效期间的 RSS 峰值（每 20 ms 采样，含 Node、tsx 与已加载的服务端代码），开始导入前的基线一并列出。`,
  '',
  '| 引擎 | 校验 (s) | 目标 < 10 s | 生效 (s) | 目标 < 20 s | RSS 峰值 (MB) | 导入前 (MB) | 目标 < 300 MB |',
  '|---|---:|---|---:|---|---:|---:|---|',
  ...results.map(
    (r) =>
      `| ${r.label} | ${r.imp.validateS.toFixed(2)} | ${ok(r.imp.validateS, GOALS.validateS)} | ${r.imp.applyS.toFixed(2)} | ${ok(r.imp.applyS, GOALS.applyS)} | ${r.imp.peakMb.toFixed(0)} | ${r.imp.baselineMb.toFixed(0)} | ${ok(r.imp.peakMb, GOALS.rssMb)} |`,
  ),
  '',
  `商品列表：该供应商共 ${results[0].supplierItems.toLocaleString()} 件商品（约 10% 下架），每个场景预热 10 次后测 ${RUNS} 次（场景轮流），每页 20 条，含计数与各页签数量。`,
  '',
  '| 引擎 | 场景 | 命中 | p50 (ms) | p95 (ms) | 目标 p95 < 50 ms |',
  '|---|---|---:|---:|---:|---|',
  ...results.flatMap((r) =>
    r.list.map((l) => `| ${r.label} | ${l.scenario} | ${l.hits.toLocaleString()} | ${f1(l.p50)} | ${f1(l.p95)} | ${ok(l.p95, GOALS.listP95Ms)} |`),
  ),
].join('\n');
log(md);
if (!args['no-write']) writeSection('supplier-items', md);
