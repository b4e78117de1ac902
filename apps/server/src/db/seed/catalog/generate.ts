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
import { REFERENCE_PRICES } from './reference-prices.ts';
import { seedShopContent } from './shop-content.ts';

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
  const suppliers = await db
    .selectFrom('supplier')
    .select(['id', 'company_name'])
    .where('company_name', 'in', [...DEMO_SUPPLIERS])
    .execute();
  const supplierIds = DEMO_SUPPLIERS.map((n) => suppliers.find((s) => s.company_name === n)?.id);
  if (supplierIds.some((id) => id === undefined)) return false;
  const sup = supplierIds as number[];
  const now = nowIso();

  // ── reference data: brands, categories, shops ──
  const { brandIds, leafIds, sectionIds } = await db.transaction().execute(async (trx) => {
    const brandIds = new Map<string, number>();
    for (const [i, b] of BRANDS.entries()) {
      const { id } = await trx
        .insertInto('brand')
        .values({
          name: b.name,
          name_en: b.nameEn,
          country: b.country,
          logo_file_id: null,
          intro: b.intro,
          sort: i,
          recommended: b.recommended ? 1 : 0,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      brandIds.set(b.key, id);
    }
    const leafIds = new Map<string, number>();
    for (const [i, top] of CATEGORY_TREE.entries()) {
      const { id } = await trx
        .insertInto('category')
        .values({ parent_id: null, name: top.name, path: '', level: 1, sort: i, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('category')
        .set({ path: `/${id}/` })
        .where('id', '=', id)
        .execute();
      for (const [j, leaf] of top.children.entries()) {
        const { id: cid } = await trx
          .insertInto('category')
          .values({ parent_id: id, name: leaf, path: '', level: 2, sort: j, created_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .updateTable('category')
          .set({ path: `/${id}/${cid}/` })
          .where('id', '=', cid)
          .execute();
        leafIds.set(leaf, cid);
      }
    }
    // one shop per demo supplier; its sections follow the top categories
    const sectionIds = new Map<string, number>();
    const shopNames = ['国药集团化学试剂旗舰店', '阿拉丁官方旗舰店', '麦克林官方旗舰店'];
    const banners = [
      ['双十一试剂节 满千减百', '色谱纯溶剂新品上架'],
      ['阿拉丁科研试剂节 全场 9 折', '生化试剂现货速发'],
      ['麦克林开学季 满减活动', '有机合成试剂专区'],
    ];
    const shopIds: number[] = [];
    for (const [i, supplierId] of sup.entries()) {
      let shop = await trx.selectFrom('shop').select('id').where('supplier_id', '=', supplierId).executeTakeFirst();
      if (!shop) {
        shop = await trx
          .insertInto('shop')
          .values({
            supplier_id: supplierId,
            name: shopNames[i],
            intro: `${DEMO_SUPPLIERS[i]}官方店铺，正品保障，现货速发。`,
            logo_file_id: null,
            status: 1,
            created_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
      }
      for (const [j, top] of CATEGORY_TREE.entries()) {
        const { id } = await trx
          .insertInto('shop_section')
          .values({ shop_id: shop.id, name: `${top.name}专区`, sort: j })
          .returning('id')
          .executeTakeFirstOrThrow();
        sectionIds.set(`${supplierId}:${top.name}`, id);
      }
      shopIds.push(shop.id);
      for (const [j, title] of banners[i].entries()) {
        await trx.insertInto('shop_banner').values({ shop_id: shop.id, title, image_file_id: null, link_url: null, sort: j }).execute();
      }
    }
    await seedShopContent(trx, shopIds, now);
    return { brandIds, leafIds, sectionIds };
  });

  // ── items ──
  const rnd = prng(opts.seed ?? 20_260_401);
  const pick = <T>(xs: T[]) => xs[Math.floor(rnd() * xs.length)];
  const all = reagents();
  // common solvents, acids and salts are listed more often, as on a real marketplace
  const weighted = all.flatMap((r) => (r.category === '通用试剂' ? [r, r, r] : [r]));
  const topOf = new Map(CATEGORY_TREE.flatMap((t) => t.children.map((c) => [c, t.name] as const)));
  const counters = new Map<string, number>();
  const usedCatalog = new Map<string, Set<string>>();
  const tokenCache = new Map<string, string>();
  const pg = isPostgres(db as Kysely<unknown>);
  const rowsPerInsert = pg ? 1500 : 800;
  const batch = opts.batch ?? 20_000;

  let buffer: Insertable<ItemTable>[] = [];
  let done = 0;
  const flush = async () => {
    if (!buffer.length) return;
    const rows = buffer;
    buffer = [];
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < rows.length; i += rowsPerInsert)
        await trx
          .insertInto('item')
          .values(rows.slice(i, i + rowsPerInsert))
          .execute();
    });
    done += rows.length;
    opts.onProgress?.(done, total);
  };

  let made = 0;
  while (made < total) {
    const r = pick(weighted);
    const brand = pick(r.brands);
    const grade = pick(r.grades);
    const n = counters.get(brand.key) ?? 0;
    counters.set(brand.key, n + 1);
    let catalogNo = brand.catalog(n, r.letter);
    const used = usedCatalog.get(brand.key) ?? new Set<string>();
    usedCatalog.set(brand.key, used);
    // short number patterns wrap around on a million items; a suffix keeps each product distinct
    for (let k = 2; used.has(catalogNo); k++) catalogNo = `${brand.catalog(n, r.letter)}-${k}`;
    used.add(catalogNo);
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
        const tokenKey = `${r.name}|${brand.key}|${grade}|${p.spec}`;
        let tokens = tokenCache.get(tokenKey);
        if (tokens === undefined) {
          tokens = descriptiveTokens({ name: r.name, name_en: r.nameEn, grade, spec: p.spec }, brandText(brand), r.category);
          tokenCache.set(tokenKey, tokens);
        }
        const yuan = listPrice(r, p, grade, brand.priceFactor) * productFactor * supplierFactor;
        const u = rnd();
        const created = new Date(Date.now() - Math.floor(rnd() * 730) * 86_400_000).toISOString();
        buffer.push({
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
        });
        if (buffer.length >= batch) await flush();
      }
    }
  }
  await flush();
  // after a bulk load: fresh planner statistics; on PostgreSQL VACUUM also empties the GIN pending
  // list (fastupdate), which every search would otherwise scan, and sets the visibility map
  if (pg) await sql`VACUUM ANALYZE item`.execute(db);
  else await sql`ANALYZE`.execute(db);
  return true;
}
