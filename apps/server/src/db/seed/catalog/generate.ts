import { isValidCas } from '@kc/contracts/platform/cas';
import type { Insertable, Kysely } from 'kysely';
import { sql } from 'kysely';
import { brandText } from '../../../modules/supply/catalog/item-rules.ts';
import { productKey } from '../../../modules/supply/catalog/product-key.ts';
import { drawAllPictures, pictureFor } from '../../../modules/supply/pictures/index.ts';
import { nowIso } from '../../../platform/db/database.ts';
import type { DB, ItemTable } from '../../../platform/db/schema.ts';
import { descriptiveTokens, withCatalogTokens } from '../../../platform/search/tokenize.ts';
import { isPostgres } from '../../migrations/portable.ts';
import { BRAND_ALIASES, BRANDS, type BrandSeed, DEMO_SUPPLIERS, FAMILIES } from './brands.ts';
import { GRADE_CODES, REAGENTS, type ReagentRow } from './reagents.ts';
import { type ReferenceIds, seedReferenceData } from './reference-data.ts';
import { REFERENCE_PRICES } from './reference-prices.ts';

/**
 * Demo catalog: brands, a two-level category tree, one shop per demo supplier (sections, banners)
 * and N items built from the real reagents in reagents.ts. Deterministic (seeded PRNG): the same N
 * gives the same catalog, which the search benchmark relies on.
 *
 * Each generated product is one brand's article in one grade; it is offered by one to three
 * suppliers, each in one or more pack sizes, at that supplier's price.
 */

export const CATEGORY_TREE: { name: string; children: string[] }[] = [
  { name: '化学试剂', children: ['通用试剂', '有机试剂', '无机试剂', '分析试剂'] },
  { name: '生命科学', children: ['生化试剂', '分子生物学', '细胞培养'] },
  { name: '色谱耗材', children: ['色谱柱', '样品瓶', '固相萃取'] },
  { name: '实验耗材', children: ['移液耗材', '离心管', '培养器皿', '过滤耗材', '防护用品', '玻璃仪器'] },
  { name: '仪器配件', children: ['移液器', '电极', '其他配件'] },
];

/** Reference price range (yuan) of a category's products in their first pack size. */
const PRICE_RANGE: Record<string, [number, number]> = {
  通用试剂: [15, 80],
  有机试剂: [40, 400],
  无机试剂: [20, 120],
  分析试剂: [30, 300],
  生化试剂: [80, 1200],
  分子生物学: [300, 3000],
  细胞培养: [100, 2500],
  色谱柱: [2500, 9000],
  样品瓶: [150, 600],
  固相萃取: [800, 2500],
  移液耗材: [60, 600],
  离心管: [50, 400],
  培养器皿: [200, 1500],
  过滤耗材: [100, 1500],
  防护用品: [30, 200],
  玻璃仪器: [30, 300],
  移液器: [1200, 5000],
  电极: [800, 4000],
  其他配件: [50, 800],
};

const GRADE_FACTOR: Record<string, number> = {
  化学纯: 0.8,
  分析纯: 1,
  优级纯: 1.4,
  色谱纯: 2.2,
  基准试剂: 2,
  生化试剂: 1.3,
  电子级: 2.8,
  '98%': 1,
  '99%': 1.2,
};

const LIMITED_AREAS = ['上海,江苏,浙江', '北京,天津,河北', '广东,广西,海南', '上海,江苏,浙江,安徽', '四川,重庆', '湖北,湖南,河南'];

/**
 * Units sold so far: cheap everyday reagents sell by the thousand, a ¥5,000 column by the dozen.
 * `u` is uniform in [0, 1); its square keeps most items modest and a few bestsellers.
 */
export function plausibleSales(yuan: number, u: number): number {
  const reach = Math.min(1, Math.max(0.01, (80 / yuan) ** 0.7));
  return Math.floor(u * u * 4000 * reach);
}

/** mulberry32: small, fast, good enough for demo data */
export function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const hash = (s: string) => {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return (h >>> 0) / 4294967296;
};

export interface Pack {
  spec: string;
  amount: number | null;
  packUnit: string | null;
  unit: string;
}

/** '500ml' → 500 ml per 瓶; '2.5L' → 2500 ml; '96支/盒' → 96 支 per 盒; '250U' → 250 U per 盒. */
export function parsePack(spec: string, category: string): Pack {
  const m = /^([\d.]+)(ml|L|μl|g|kg|mg)$/.exec(spec);
  if (m) {
    const v = Number(m[1]);
    const [amount, packUnit] =
      m[2] === 'L' ? [v * 1000, 'ml'] : m[2] === 'μl' ? [v / 1000, 'ml'] : m[2] === 'kg' ? [v * 1000, 'g'] : m[2] === 'mg' ? [v / 1000, 'g'] : [v, m[2]];
    const kit = category === '分子生物学' || category === '细胞培养';
    return { spec, amount, packUnit, unit: kit && packUnit === 'ml' && v <= 5 ? '支' : '瓶' };
  }
  const per = /^(\d+)(\S)\/(\S)$/.exec(spec);
  if (per) return { spec, amount: Number(per[1]), packUnit: per[2], unit: per[3] };
  const n = /^(\d+)(U|次|支|根|个|卷|套|瓶)$/.exec(spec);
  if (n) {
    const counted = ['根', '个', '卷', '套'].includes(n[2]) && n[1] === '1';
    return { spec, amount: Number(n[1]), packUnit: n[2], unit: counted ? n[2] : n[2] === '支' && n[1] === '1' ? '支' : '盒' };
  }
  return { spec, amount: null, packUnit: null, unit: '件' };
}

interface Reagent {
  name: string;
  nameEn: string;
  cas: string | null;
  category: string;
  grades: (string | null)[];
  packs: Pack[];
  hazards: string;
  brands: BrandSeed[];
  letter: string;
  basePrice: number;
}

function reagents(): Reagent[] {
  const byKey = new Map(BRANDS.map((b) => [b.key, b]));
  return REAGENTS.map((r: ReagentRow) => {
    const [name, nameEn, cas, category, grades, packs, hazards, family = 'chem'] = r;
    if (cas && !isValidCas(cas)) throw new Error(`CAS 校验位错误：${name} ${cas}`);
    const keys = FAMILIES[family] ?? family.split('|').map((b) => BRAND_ALIASES[b] ?? b);
    const brands = keys.map((k) => {
      const b = byKey.get(k);
      if (!b) throw new Error(`未知品牌 ${k}（${name}）`);
      return b;
    });
    const [lo, hi] = PRICE_RANGE[category] ?? [20, 200];
    return {
      name,
      nameEn,
      cas: cas || null,
      category,
      grades: grades ? [...grades].map((c) => GRADE_CODES[c]) : [null],
      packs: packs.split(',').map((p) => parsePack(p, category)),
      hazards,
      brands,
      letter: (/[A-Za-z]/.exec(nameEn)?.[0] ?? 'A').toUpperCase(),
      basePrice: REFERENCE_PRICES[name] ?? (lo + (hi - lo) * hash(name) ** 1.5) * (hazards.includes('T') ? 1.5 : 1),
    };
  });
}

/**
 * A pack's list price before the product's and the supplier's own factors (each within about
 * ±10%): the reagent's reference price for its first pack, scaled by pack size with an exponent
 * below 1 (a larger pack is cheaper per gram), by grade and by brand.
 */
function listPrice(r: Reagent, p: Pack, grade: string | null, brandFactor: number): number {
  const ref = r.packs[0].amount ?? 1;
  const scale = p.amount ? (p.amount / ref) ** 0.8 : 1;
  return r.basePrice * (grade ? (GRADE_FACTOR[grade] ?? 1) : 1) * brandFactor * scale;
}

/** listPrice of a reagent of the demo dataset by name and pack (for tests and the README's examples). */
export function referencePrice(name: string, spec: string, brandFactor = 1, grade: string | null = null): number {
  const r = reagents().find((x) => x.name === name);
  if (!r) throw new Error(`演示数据中没有 ${name}`);
  return listPrice(r, parsePack(spec, r.category), grade, brandFactor);
}

export interface SeedCatalogOptions {
  /** number of items (default 20,000) */
  items?: number;
  seed?: number;
  /** rows per transaction */
  batch?: number;
  onProgress?: (done: number, total: number) => void;
  /** draw every structure and category picture now (default); off, each is drawn at its first request */
  pictures?: boolean;
}

/**
 * Writes the demo catalog once (skipped when brands exist or the demo suppliers are missing).
 * Items go in large multi-row INSERTs, one transaction per batch; the tokens column is filled
 * here, and the engines' full-text index follows it (FTS5 triggers, generated tsvector).
 */
export async function seedCatalog(db: Kysely<DB>, opts: SeedCatalogOptions = {}): Promise<boolean> {
  const total = opts.items ?? 20_000;
  if (opts.pictures ?? true) await drawAllPictures(db);
  if (await db.selectFrom('brand').select('id').limit(1).executeTakeFirst()) return false;
  const sup = await demoSupplierIds(db);
  if (!sup) return false;
  const now = nowIso();
  const ids = await seedReferenceData(db, sup, CATEGORY_TREE, now);
  const pg = isPostgres(db as Kysely<unknown>);
  const items = itemWriter(db, { rowsPerInsert: pg ? 1500 : 800, batch: opts.batch ?? 20_000, total, onProgress: opts.onProgress });
  await generateItems(total, opts.seed ?? 20_260_401, sup, ids, items.add);
  await items.flush();
  // after a bulk load: fresh planner statistics; on PostgreSQL VACUUM also empties the GIN pending
  // list (fastupdate), which every search would otherwise scan, and sets the visibility map
  if (pg) await sql`VACUUM ANALYZE item`.execute(db);
  else await sql`ANALYZE`.execute(db);
  return true;
}

/** The demo suppliers' ids in DEMO_SUPPLIERS order, or null when one is missing. */
async function demoSupplierIds(db: Kysely<DB>): Promise<number[] | null> {
  const suppliers = await db
    .selectFrom('supplier')
    .select(['id', 'company_name'])
    .where('company_name', 'in', [...DEMO_SUPPLIERS])
    .execute();
  const supplierIds = DEMO_SUPPLIERS.map((n) => suppliers.find((s) => s.company_name === n)?.id);
  if (supplierIds.some((id) => id === undefined)) return null;
  return supplierIds as number[];
}

/** Rows buffered and written `batch` at a time, one transaction per batch, `rowsPerInsert` to an INSERT. */
function itemWriter(db: Kysely<DB>, o: { rowsPerInsert: number; batch: number; total: number; onProgress?: (done: number, total: number) => void }) {
  let buffer: Insertable<ItemTable>[] = [];
  let done = 0;
  const flush = async () => {
    if (!buffer.length) return;
    const rows = buffer;
    buffer = [];
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < rows.length; i += o.rowsPerInsert)
        await trx
          .insertInto('item')
          .values(rows.slice(i, i + o.rowsPerInsert))
          .execute();
    });
    done += rows.length;
    o.onProgress?.(done, o.total);
  };
  const add = async (row: Insertable<ItemTable>) => {
    buffer.push(row);
    if (buffer.length >= o.batch) await flush();
  };
  return { add, flush };
}

/**
 * `total` items, drawn from the seeded PRNG in a fixed order: a product (reagent, brand, grade,
 * catalog number), the suppliers offering it and its packs, then one item per supplier and pack.
 */
async function generateItems(total: number, seed: number, sup: number[], ids: ReferenceIds, add: (row: Insertable<ItemTable>) => Promise<void>) {
  const rnd = prng(seed);
  const pick = <T>(xs: T[]) => xs[Math.floor(rnd() * xs.length)];
  const all = reagents();
  // common solvents, acids and salts are listed more often, as on a real marketplace
  const weighted = all.flatMap((r) => (r.category === '通用试剂' ? [r, r, r] : [r]));
  const topOf = new Map(CATEGORY_TREE.flatMap((t) => t.children.map((c) => [c, t.name] as const)));
  const catalogNoOf = catalogNumbers();
  const tokensOf = descriptiveTokenCache();

  let made = 0;
  while (made < total) {
    const r = pick(weighted);
    const brand = pick(r.brands);
    const grade = pick(r.grades);
    const catalogNo = catalogNoOf(brand, r.letter);
    const key = productKey({ brandName: brand.name, catalogNo, cas: r.cas, grade });
    const offeredBy = sup.filter((_, i) => (brand.home === i ? true : rnd() < (brand.home === undefined ? 0.55 : 0.35)));
    if (!offeredBy.length) offeredBy.push(pick(sup));
    let packs = r.packs.filter(() => rnd() < 0.75);
    if (!packs.length) packs = [pick(r.packs)];
    const productFactor = 0.9 + rnd() * 0.2;
    for (const supplierId of offeredBy) {
      // one factor per supplier and product (within about 20% of each other): all its packs share
      // it, so a larger pack always costs less per gram or millilitre (scale's exponent is below 1)
      const supplierFactor = 0.92 + rnd() * 0.18;
      for (const p of packs) {
        if (made >= total) break;
        made++;
        const tokens = tokensOf(r, brand, grade, p);
        const yuan = listPrice(r, p, grade, brand.priceFactor) * productFactor * supplierFactor;
        await add(itemRow({ r, brand, grade, p, supplierId, catalogNo, key, tokens, yuan }, ids, topOf, rnd, pick));
      }
    }
  }
}

/** Each brand's next catalog number, distinct within the brand. */
function catalogNumbers() {
  const counters = new Map<string, number>();
  const usedCatalog = new Map<string, Set<string>>();
  return (brand: BrandSeed, letter: string) => {
    const n = counters.get(brand.key) ?? 0;
    counters.set(brand.key, n + 1);
    let catalogNo = brand.catalog(n, letter);
    const used = usedCatalog.get(brand.key) ?? new Set<string>();
    usedCatalog.set(brand.key, used);
    // short number patterns wrap around on a million items; a suffix keeps each product distinct
    for (let k = 2; used.has(catalogNo); k++) catalogNo = `${brand.catalog(n, letter)}-${k}`;
    used.add(catalogNo);
    return catalogNo;
  };
}

/** The search tokens of a product's description, computed once per reagent, brand, grade and pack. */
function descriptiveTokenCache() {
  const tokenCache = new Map<string, string>();
  return (r: Reagent, brand: BrandSeed, grade: string | null, p: Pack) => {
    const tokenKey = `${r.name}|${brand.key}|${grade}|${p.spec}`;
    let tokens = tokenCache.get(tokenKey);
    if (tokens === undefined) {
      tokens = descriptiveTokens({ name: r.name, name_en: r.nameEn, grade, spec: p.spec }, brandText(brand), r.category);
      tokenCache.set(tokenKey, tokens);
    }
    return tokens;
  };
}

/** One item: a supplier's offer of a product in one pack, with its stock, shelf state, sales and age drawn from the PRNG. */
function itemRow(
  o: { r: Reagent; brand: BrandSeed; grade: string | null; p: Pack; supplierId: number; catalogNo: string; key: string; tokens: string; yuan: number },
  ids: ReferenceIds,
  topOf: Map<string, string>,
  rnd: () => number,
  pick: <T>(xs: T[]) => T,
): Insertable<ItemTable> {
  const { r, brand, grade, p, supplierId, catalogNo, key, tokens, yuan } = o;
  const { brandIds, leafIds, sectionIds } = ids;
  const u = rnd();
  const created = new Date(Date.now() - Math.floor(rnd() * 730) * 86_400_000).toISOString();
  return {
    supplier_id: supplierId,
    name: r.name,
    name_en: r.nameEn,
    cas: r.cas,
    brand_id: brandIds.get(brand.key) ?? null,
    catalog_no: catalogNo,
    spec: p.spec,
    pack_amount: p.amount,
    pack_unit: p.packUnit,
    grade,
    unit: p.unit,
    price: Math.max(100, Math.round(yuan * 10) * 10),
    stock: u < 0.08 ? 0 : Math.floor(rnd() * 500) + 1,
    category_id: leafIds.get(r.category) ?? null,
    section_id: sectionIds.get(`${supplierId}:${topOf.get(r.category)}`) ?? null,
    images: JSON.stringify([pictureFor(r.cas, r.category)]),
    hazard_dangerous: r.hazards.includes('D') ? 1 : 0,
    hazard_precursor: r.hazards.includes('P') ? 1 : 0,
    hazard_explosive: r.hazards.includes('X') ? 1 : 0,
    hazard_toxic: r.hazards.includes('T') ? 1 : 0,
    supply_areas: rnd() < 0.15 ? pick(LIMITED_AREAS) : '',
    on_shelf: rnd() < 0.05 ? 0 : 1,
    deleted: rnd() < 0.02 ? 1 : 0,
    sales: plausibleSales(yuan, rnd()),
    product_key: key,
    tokens: withCatalogTokens(tokens, catalogNo),
    version: 1,
    created_at: created,
    updated_at: created,
  };
}
