// bench:search — the catalog search (jieba tokens in FTS5 / tsvector + GIN, exact CAS and article
// numbers) against `LIKE '%q%'` on the same 1,000,000-item database in the same run: p50 and p95 of
// a fixed query set through the search service (the real repository code path, in process), the
// speed-up, and recall against the LIKE result set and against an independent reference matcher.
//
//   npm run bench:search                       SQLite (+ PostgreSQL when DATABASE_URL is set)
//   npm run bench:search -- --pg               also PostgreSQL (DATABASE_URL or the local default)
//   npm run bench:search -- --items 200000 --rounds 10 --rebuild
//
// The databases are built once with the demo generator and reused: SQLite under os.tmpdir(), keyed by
// the item count; PostgreSQL as database kc_search_bench_<items>. A fingerprint of the generator,
// dataset, tokenizer and catalog migration decides when a cached database is stale.

import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { isValidCas } from '@kc/contracts/platform/cas';
import { GRADE_ABBR } from '@kc/contracts/supply/catalog';
import { sql } from 'kysely';
import pg from 'pg';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { ensureBaseData } from '../apps/server/src/db/seed/base-data.ts';
import { seedCatalog } from '../apps/server/src/db/seed/catalog/generate.ts';
import { seedDemo } from '../apps/server/src/db/seed/demo.ts';
import { catalogGates } from '../apps/server/src/modules/buying/eligibility/index.ts';
import { CatalogRepository } from '../apps/server/src/modules/supply/catalog/catalog.repository.ts';
import { CatalogService, SEARCH_WINDOW } from '../apps/server/src/modules/supply/catalog/catalog.service.ts';
import { type Database, openDatabase } from '../apps/server/src/platform/db/database.ts';
import { openSearchIndex } from '../apps/server/src/platform/search/open-search-index.ts';
import { repoRoot } from './support/processes.ts';
import { machineLine, writeSection } from './support/report.ts';

const { values: args } = parseArgs({
  options: {
    items: { type: 'string' },
    pg: { type: 'boolean' },
    rebuild: { type: 'boolean' },
    rounds: { type: 'string' },
    'like-rounds': { type: 'string' },
    window: { type: 'string' },
    windows: { type: 'string' },
  },
  strict: true,
});
const ITEMS = Number(args.items ?? 1_000_000);
const ROUNDS = Number(args.rounds ?? 20);
const LIKE_ROUNDS = Number(args['like-rounds'] ?? 3);
const WINDOW = Number(args.window ?? SEARCH_WINDOW);
/** other windows timed for comparison */
const WINDOWS = (args.windows ?? '2000,5000,10000')
  .split(',')
  .map(Number)
  .filter((w) => w > 0 && w !== WINDOW);
const PG_URL = process.env.DATABASE_URL || (args.pg ? 'postgres://postgres@127.0.0.1:5432/postgres' : null);

/** Two-character words, grades, English names, CAS numbers, brand + name, consumables; one article number is added at run time. */
const QUERIES = [
  '乙醇',
  '盐酸',
  '甲醇',
  '丙酮',
  '氯化钠',
  '分析纯',
  '色谱纯',
  'ethanol',
  'acetonitrile',
  '64-17-5',
  '67-56-1',
  '阿拉丁 乙醇',
  '麦克林 氯化钠',
  '移液器吸头',
  '离心管',
];

const FINGERPRINT_FILES = [
  'apps/server/src/db/seed/catalog/generate.ts',
  'apps/server/src/db/seed/catalog/reference-data.ts',
  'apps/server/src/db/seed/catalog/reagents.ts',
  'apps/server/src/db/seed/catalog/brands.ts',
  'apps/server/src/platform/search/tokenize.ts',
  'apps/server/src/db/migrations/003-catalog-cart-orders.ts',
];
const fingerprint = (() => {
  const h = createHash('sha256').update(String(ITEMS));
  for (const f of FINGERPRINT_FILES) h.update(fs.readFileSync(path.join(repoRoot, f)));
  return h.digest('hex').slice(0, 16);
})();

const log = (...m: unknown[]) => console.log(...m);

async function build(database: Database): Promise<number> {
  const started = Date.now();
  await migrateToLatest(database.db);
  await ensureBaseData(database.db);
  await seedDemo(database.db);
  await seedCatalog(database.db, {
    items: ITEMS,
    onProgress: (done, total) => {
      if (done % 100_000 === 0 || done === total)
        log(`  ${database.engine}: ${done.toLocaleString()} / ${total.toLocaleString()} 件（${((Date.now() - started) / 1000).toFixed(0)} s）`);
    },
  });
  return (Date.now() - started) / 1000;
}

/** The SQLite catalog under os.tmpdir(), built when missing or stale. */
type Opened = { database: Database; built: number | null; buildSeconds: number | null };

async function sqliteDatabase(): Promise<Opened> {
  const dir = path.join(os.tmpdir(), `kc-search-bench-${ITEMS}`);
  const marker = path.join(dir, 'fingerprint');
  const [fp, seconds] = fs.existsSync(marker) ? fs.readFileSync(marker, 'utf8').split(' ') : [];
  if (!args.rebuild && fp === fingerprint) {
    const database = openDatabase({ databaseUrl: null, dataDir: dir });
    await migrateToLatest(database.db);
    return { database, built: null, buildSeconds: Number(seconds) || null };
  }
  fs.rmSync(dir, { recursive: true, force: true });
  log(`构建 SQLite 商品库（${ITEMS.toLocaleString()} 件）：${dir}`);
  const database = openDatabase({ databaseUrl: null, dataDir: dir });
  const built = await build(database);
  fs.writeFileSync(marker, `${fingerprint} ${built.toFixed(0)}`);
  return { database, built, buildSeconds: built };
}

/** The PostgreSQL catalog in its own database, the fingerprint kept as the database comment. */
async function pgDatabase(baseUrl: string): Promise<Opened> {
  const name = `kc_search_bench_${ITEMS}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  const { rows } = await admin.query("SELECT shobj_description(oid, 'pg_database') AS fp FROM pg_database WHERE datname = $1", [name]);
  const [fp, seconds] = String(rows[0]?.fp ?? '').split(' ');
  const fresh = !args.rebuild && fp === fingerprint;
  if (!fresh) {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  }
  const u = new URL(baseUrl);
  u.pathname = `/${name}`;
  const database = openDatabase({ databaseUrl: u.toString(), dataDir: os.tmpdir() });
  let built: number | null = null;
  if (fresh) await migrateToLatest(database.db);
  else {
    log(`构建 PostgreSQL 商品库（${ITEMS.toLocaleString()} 件）：${name}`);
    built = await build(database);
    await admin.query(`COMMENT ON DATABASE ${name} IS '${fingerprint} ${built.toFixed(0)}'`);
  }
  await admin.end();
  return { database, built, buildSeconds: built ?? (Number(seconds) || null) };
}

// ── reference matcher: what each query should find, computed from the rows, not the index ──
interface RefRow {
  id: number;
  /** every searched field, lower-case, \u0001-separated */
  text: string;
  /** the names only (Latin words match inside words there, as LIKE does) */
  names: string;
  /** Latin words of the other fields (brand, grade, spec, category, article number) */
  otherLatin: string[];
  cas: string | null;
  catalogNo: string | null;
}

/**
 * Whitespace-separated words must all match: Han words as substrings of any field; Latin words of
 * three letters or more as substrings of the names or word starts elsewhere, shorter ones as whole
 * words; a CAS number or article number exactly.
 */
function referenceMatcher(q: string): (r: RefRow) => boolean {
  const t = q.trim().toLowerCase();
  if (isValidCas(t)) return (r) => r.cas === t;
  const words = t.split(/\s+/).filter(Boolean);
  return (r) =>
    words.every((w) => {
      if (r.catalogNo && r.catalogNo.toLowerCase() === w) return true;
      if (/^[a-z]+$/.test(w)) {
        if (w.length < 3) return (r.names.match(/[a-z]+/g) ?? ([] as string[])).includes(w) || r.otherLatin.includes(w);
        return r.names.includes(w) || r.otherLatin.some((x) => x.startsWith(w));
      }
      return r.text.includes(w);
    });
}

async function referenceSets(database: Database, queries: string[]): Promise<Map<string, Set<number>>> {
  const out = new Map(queries.map((q) => [q, new Set<number>()]));
  const matchers = queries.map((q) => [q, referenceMatcher(q)] as const);
  const max = (
    await database.db
      .selectFrom('item')
      .select((eb) => eb.fn.max('id').as('m'))
      .executeTakeFirstOrThrow()
  ).m as number;
  for (let lo = 0; lo < max; lo += 100_000) {
    const rows = await database.db
      .selectFrom('item')
      .leftJoin('brand', 'brand.id', 'item.brand_id')
      .leftJoin('category', 'category.id', 'item.category_id')
      .select([
        'item.id',
        'item.name',
        'item.name_en',
        'item.grade',
        'item.spec',
        'item.cas',
        'item.catalog_no',
        'brand.name as brand',
        'brand.name_en as brand_en',
        'category.name as category',
      ])
      .where('item.id', '>', lo)
      .where('item.id', '<=', lo + 100_000)
      .where('item.deleted', '=', 0)
      .where('item.on_shelf', '=', 1)
      .execute();
    for (const r of rows) {
      const join = (xs: (string | null | undefined)[]) => xs.filter(Boolean).join('\u0001').toLowerCase();
      const names = join([r.name, r.name_en]);
      const other = join([r.brand, r.brand_en, r.grade, r.grade ? GRADE_ABBR[r.grade] : null, r.spec, r.category, r.catalog_no]);
      const ref: RefRow = { id: r.id, text: `${names}\u0001${other}`, names, otherLatin: other.match(/[a-z]+/g) ?? [], cas: r.cas, catalogNo: r.catalog_no };
      for (const [q, m] of matchers) if (m(ref)) out.get(q)?.add(r.id);
    }
  }
  return out;
}

// ── measurement ──
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};
const ms = (v: number) => (v >= 100 ? v.toFixed(0) : v.toFixed(1));
const ratio = (a: number, b: number) => (b > 0 ? a / b : Number.NaN);

interface QueryFigures {
  q: string;
  total: number;
  totalExact: boolean;
  matchedBy: string;
  all: number;
  likeHits: number;
  page: number[];
  facets: number[];
  like: number[];
  recallLike: number | null;
  recallRef: number | null;
  precisionRef: number | null;
  missedLike: string[];
}

async function measure(label: string, database: Database, queries: string[]) {
  const svc = new CatalogService(new CatalogRepository(database.db, openSearchIndex(database.engine), catalogGates), undefined, { window: WINDOW });
  const search = (q: string, facets: boolean) => svc.search({ q, current: 1, size: 20, sort: 'relevance' } as never, { facets });
  const likeIds = async (q: string) => {
    const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    // the brief's SQL as written: LIKE on both engines (SQLite's ignores ASCII case, PostgreSQL's does not)
    const rows = await database.db
      .selectFrom('item')
      .select('id')
      .where('deleted', '=', 0)
      .where('on_shelf', '=', 1)
      .where((eb) => eb.or([eb('name', 'like', pattern), eb('name_en', 'like', pattern)]))
      .execute();
    return rows.map((r) => r.id);
  };

  log(`\n[${label}] 预热…`);
  for (const q of queries) {
    await search(q, true);
    await search(q, false);
  }
  const figures = new Map<string, QueryFigures>(
    queries.map((q) => [
      q,
      {
        q,
        total: 0,
        totalExact: true,
        matchedBy: '',
        all: 0,
        likeHits: 0,
        page: [],
        facets: [],
        like: [],
        recallLike: null,
        recallRef: null,
        precisionRef: null,
        missedLike: [],
      },
    ]),
  );
  log(`[${label}] 搜索 ${ROUNDS} 轮 × ${queries.length} 个查询…`);
  for (let round = 0; round < ROUNDS; round++) {
    for (const q of queries) {
      const f = figures.get(q) as QueryFigures;
      let t = performance.now();
      await search(q, false);
      f.page.push(performance.now() - t);
      t = performance.now();
      const r = await search(q, true);
      f.facets.push(performance.now() - t);
      f.total = r.total;
      f.totalExact = r.totalExact;
      f.matchedBy = r.matchedBy;
    }
  }
  // the same queries with other search windows (facets on): what the window costs
  const sensitivity: { window: number; p50: number; p95: number }[] = [];
  for (const w of WINDOWS) {
    const other = new CatalogService(new CatalogRepository(database.db, openSearchIndex(database.engine), catalogGates), undefined, { window: w });
    for (const q of queries) await other.search({ q, current: 1, size: 20, sort: 'relevance' } as never);
    const times: number[] = [];
    for (let round = 0; round < Math.ceil(ROUNDS / 2); round++) {
      for (const q of queries) {
        const t = performance.now();
        await other.search({ q, current: 1, size: 20, sort: 'relevance' } as never);
        times.push(performance.now() - t);
      }
    }
    sensitivity.push({ window: w, p50: pct(times, 50), p95: pct(times, 95) });
  }
  log(`[${label}] LIKE ${LIKE_ROUNDS} 轮…`);
  const likeSets = new Map<string, Set<number>>();
  for (let round = 0; round < LIKE_ROUNDS; round++) {
    for (const q of queries) {
      const t = performance.now();
      const ids = await likeIds(q);
      (figures.get(q) as QueryFigures).like.push(performance.now() - t);
      likeSets.set(q, new Set(ids));
    }
  }
  log(`[${label}] 召回率…`);
  const refs = await referenceSets(database, queries);
  for (const q of queries) {
    const f = figures.get(q) as QueryFigures;
    const got = new Set((await svc.matchingIds(q)).ids);
    const like = likeSets.get(q) as Set<number>;
    const ref = refs.get(q) as Set<number>;
    f.all = got.size;
    f.likeHits = like.size;
    const hit = (s: Set<number>) => [...s].filter((id) => got.has(id)).length;
    f.recallLike = like.size ? hit(like) / like.size : null;
    f.recallRef = ref.size ? hit(ref) / ref.size : null;
    f.precisionRef = got.size ? [...got].filter((id) => ref.has(id)).length / got.size : null;
    // what LIKE finds that the search leaves out, by name
    const missed = [...like].filter((id) => !got.has(id));
    if (missed.length) {
      const rows = await database.db.selectFrom('item').select(['id', 'name', 'name_en']).where('id', 'in', missed.slice(0, 5000)).execute();
      const count = new Map<string, number>();
      for (const r of rows) count.set(r.name_en ?? r.name, (count.get(r.name_en ?? r.name) ?? 0) + 1);
      f.missedLike = [...count].sort((a, b) => b[1] - a[1]).map(([n, c]) => `${n} ×${c}`);
    }
  }
  await database.close();
  return { figs: [...figures.values()], sensitivity };
}

function summary(figs: QueryFigures[]) {
  const page = figs.flatMap((f) => f.page);
  const facets = figs.flatMap((f) => f.facets);
  const like = figs.flatMap((f) => f.like);
  const recalls = figs.map((f) => f.recallLike).filter((x): x is number => x !== null);
  const refRecalls = figs.map((f) => f.recallRef).filter((x): x is number => x !== null);
  return {
    page50: pct(page, 50),
    page95: pct(page, 95),
    facets50: pct(facets, 50),
    facets95: pct(facets, 95),
    like50: pct(like, 50),
    like95: pct(like, 95),
    minRecallLike: Math.min(...recalls),
    minRecallRef: Math.min(...refRecalls),
  };
}

// ── run ──
const engines: { label: string; open: () => Promise<Opened> }[] = [{ label: 'SQLite', open: sqliteDatabase }];
if (PG_URL) engines.push({ label: 'PostgreSQL', open: () => pgDatabase(PG_URL) });

const results: {
  label: string;
  built: number | null;
  buildSeconds: number | null;
  figs: QueryFigures[];
  sensitivity: { window: number; p50: number; p95: number }[];
}[] = [];
const t0 = Date.now();
for (const e of engines) {
  const { database, built, buildSeconds } = await e.open();
  // one article number from the data (deterministic generator): 阿拉丁's first 无水乙醇
  const sample = await database.db
    .selectFrom('item')
    .innerJoin('brand', 'brand.id', 'item.brand_id')
    .select('item.catalog_no')
    .where('brand.name', '=', '阿拉丁')
    .where('item.name', '=', '无水乙醇')
    .orderBy('item.id')
    .limit(1)
    .executeTakeFirst();
  const queries = sample?.catalog_no ? [...QUERIES, sample.catalog_no] : QUERIES;
  const count = Number((await sql<{ n: number }>`SELECT count(*) AS n FROM item`.execute(database.db)).rows[0].n);
  log(`[${e.label}] 商品 ${count.toLocaleString()} 件${built === null ? '（复用缓存）' : `（构建 ${built.toFixed(0)} s）`}`);
  results.push({ label: e.label, built, buildSeconds, ...(await measure(e.label, database, queries)) });
}

// ── report ──
const yes = (ok: boolean) => (ok ? '✅' : '❌');
const pctText = (v: number | null) => (v === null ? '—' : v.toFixed(3));
const lines: string[] = [];
lines.push(`## bench:search — 商品搜索与 LIKE 对比（${ITEMS.toLocaleString()} 件商品）`);
lines.push('');
lines.push(
  `${machineLine()} · 查询 ${results[0]?.figs.length ?? 0} 个 × ${ROUNDS} 轮（LIKE ${LIKE_ROUNDS} 轮）· 进程内调用搜索服务（真实仓储代码路径）· 第一页 20 条 · 总耗时 ${((Date.now() - t0) / 1000).toFixed(0)} s`,
);
lines.push('');
lines.push(
  `数据：演示生成器（确定性随机），${ITEMS.toLocaleString()} 件商品，3 家供应商；生成器建库 ${results.map((r) => `${r.label} ${r.buildSeconds === null ? '—' : `${r.buildSeconds.toFixed(0)} s`}${r.built === null ? '（本次复用缓存库）' : ''}`).join('，')}。搜索窗口 ${WINDOW.toLocaleString()}：匹配数不超过窗口时总数、分面与相关度排序全部精确；更宽的查询（如“分析纯”）在窗口内统计并标记 totalExact=false，价格与销量排序仍对全部匹配排序。`,
);
lines.push('');
lines.push(
  '| 引擎 | 仅结果页 p50 / p95 (ms) | 含分面 p50 / p95 (ms) | LIKE p50 / p95 (ms) | 加速比（p50，含分面） | 最低召回率（对 LIKE / 对参照） | 目标 p95 < 50 ms · ≥ 20× · 召回 ≥ 0.99 |',
);
lines.push('|---|---:|---:|---:|---:|---:|---|');
for (const r of results) {
  const s = summary(r.figs);
  const speed = ratio(s.like50, s.facets50);
  lines.push(
    `| ${r.label} | ${ms(s.page50)} / ${ms(s.page95)} | ${ms(s.facets50)} / ${ms(s.facets95)} | ${ms(s.like50)} / ${ms(s.like95)} | ${speed.toFixed(0)}× | ${s.minRecallLike.toFixed(3)} / ${s.minRecallRef.toFixed(3)} | ${yes(s.facets95 < 50)} ${yes(speed >= 20)} ${yes(s.minRecallLike >= 0.99)} |`,
  );
}
if (results.some((r) => r.sensitivity.length)) {
  lines.push('');
  lines.push('搜索窗口的代价（含分面，全部查询合计 p50 / p95，ms）：');
  lines.push('');
  const ws = [...new Set([WINDOW, ...WINDOWS])].sort((a, b) => a - b);
  lines.push(`| 引擎 | ${ws.map((w) => `窗口 ${w.toLocaleString()}${w === WINDOW ? '（默认）' : ''}`).join(' | ')} |`);
  lines.push(`|---|${ws.map(() => '---:').join('|')}|`);
  for (const r of results) {
    const s = summary(r.figs);
    const cell = (w: number) => {
      if (w === WINDOW) return `${ms(s.facets50)} / ${ms(s.facets95)}`;
      const x = r.sensitivity.find((y) => y.window === w);
      return x ? `${ms(x.p50)} / ${ms(x.p95)}` : '—';
    };
    lines.push(`| ${r.label} | ${ws.map(cell).join(' | ')} |`);
  }
}
for (const r of results) {
  lines.push('');
  lines.push(`### ${r.label}：逐个查询`);
  lines.push('');
  lines.push(
    '| 查询 | 匹配方式 | 搜索命中（全部） | LIKE 命中 | 结果页 p50 | 含分面 p50 | LIKE p50 | 加速比 | 召回率（对 LIKE） | 召回率 / 精确率（对参照） |',
  );
  lines.push('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const f of r.figs) {
    lines.push(
      `| ${f.q} | ${f.matchedBy} | ${f.all.toLocaleString()}${f.totalExact ? '' : '（超出窗口）'} | ${f.likeHits.toLocaleString()} | ${ms(pct(f.page, 50))} | ${ms(pct(f.facets, 50))} | ${ms(pct(f.like, 50))} | ${ratio(pct(f.like, 50), pct(f.facets, 50)).toFixed(0)}× | ${pctText(f.recallLike)} | ${pctText(f.recallRef)} / ${pctText(f.precisionRef)} |`,
    );
  }
  const misses = r.figs.filter((f) => f.missedLike.length);
  if (misses.length) {
    lines.push('');
    lines.push(`LIKE 命中而搜索未返回的商品（${r.label}）：${misses.map((f) => `“${f.q}”：${f.missedLike.slice(0, 6).join('、')}`).join('；')}。`);
  }
}
lines.push('');
lines.push(
  "说明：LIKE 基线即 `deleted = 0 AND on_shelf = 1 AND (name LIKE '%q%' OR name_en LIKE '%q%')`，两个引擎写法相同（SQLite 的 LIKE 不区分 ASCII 大小写，PostgreSQL 的区分，所以英文查询在 PostgreSQL 上的 LIKE 命中更少；搜索结果两边都包含 LIKE 结果），它只看名称，所以等级（分析纯）、CAS 号、品牌 + 名称这类查询在 LIKE 下命中为 0，召回率记为“—”。“参照”是独立于索引的逐行匹配器：查询中每个词都须出现在名称、英文名、品牌、等级（含 AR/HPLC 等缩写）、规格、分类或货号中——汉字词按子串；三个字母以上的英文词在名称中按子串、在其他字段按词首；CAS 号、货号精确匹配——用来衡量这些查询的召回率与精确率。英文词在名称中按子串匹配与 LIKE 一致：ethanol 能找到 2-Mercaptoethanol、Triethanolamine，也会像 LIKE 一样找到 Methanol；相关度排序把名称中词首匹配的商品排在前面。",
);
const markdown = lines.join('\n');
writeSection('search', markdown);
log(`\n${markdown}\n`);
log('已写入 docs/BENCHMARKS.md');
