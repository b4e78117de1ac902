import {
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type RawBuilder,
  type SelectQueryBuilder,
  type SqlBool,
  sql,
  type Transaction,
  type Updateable,
} from 'kysely';
import type { DB, ItemTable } from '../../../platform/db/schema.ts';
import type { SearchIndex } from '../../../platform/search/search.port.ts';
import type { QueryTerm } from '../../../platform/search/tokenize.ts';
import { type BuyerPrice, buyerPrices } from '../discounts/index.ts';

export type TextMatch = { kind: 'text'; terms: QueryTerm[] } | { kind: 'cas'; cas: string } | { kind: 'catalogNo'; values: string[] } | { kind: 'none' };

/** Which items a search or listing covers. supplierIds is already narrowed to visible suppliers. */
export interface ItemFilter {
  match: TextMatch;
  supplierIds: number[];
  categoryIds?: number[];
  brandIds?: number[];
  sectionId?: number;
  priceMin?: number;
  priceMax?: number;
  grade?: string;
  inStock?: boolean;
}

export type SortKey = 'relevance' | 'price_asc' | 'price_desc' | 'sales';

/** Fixed ORDER BY texts over the window's columns (never user input). */
const WINDOW_ORDER: Record<SortKey, string> = {
  relevance: 'rel DESC, sales DESC, id DESC',
  price_asc: 'price ASC, id ASC',
  price_desc: 'price DESC, id DESC',
  sales: 'sales DESC, id DESC',
};

/** Who is looking, for 协议价: their institute (null for a non-buyer) and department path. */
export interface Buyer {
  instituteId: number | null;
  deptPath: string | null;
}

export interface WindowResult {
  /** matches in the window; cap + 1 means there are more */
  count: number;
  groups: { brandId: number | null; categoryId: number | null; supplierId: number; grade: string | null; count: number }[];
  pageIds: number[];
}

const parseJson = <T>(v: unknown, empty: T): T => (v === null || v === undefined ? empty : typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));

/**
 * The purchase gates as lists need them (a port: the seam, modules/buying/eligibility, sits above
 * catalog, and app.ts passes its `sellersWhere` and `itemsWhere`). Search shows only what the
 * viewer's institute may buy: suppliers through `sellers`, items through `items`.
 */
export interface CatalogGates {
  sellers(supplierIdRef: string, instituteId: number | null): RawBuilder<boolean>;
  items(instituteId: number | null): (eb: ExpressionBuilder<DB, 'item'>) => Expression<SqlBool>;
}

/** SQL for brands, categories, shops and items (read side) and the item search. */
export class CatalogRepository {
  constructor(
    private readonly db: Kysely<DB> | Transaction<DB>,
    private readonly index: SearchIndex,
    private readonly gates: CatalogGates,
  ) {}

  /** What this buyer pays for the item: the list price or their institute's and department's 协议价. */
  async buyerPrice(item: { id: number; supplier_id: number; price: number }, buyer: Buyer) {
    return (await buyerPrices(this.db, buyer, [item])).get(item.id);
  }

  /** The same for a page of items, in one round of queries (rules and sales for the whole page). */
  pagePrices(items: readonly { id: number; supplier_id: number; price: number }[], buyer: Buyer | null) {
    return items.length ? buyerPrices(this.db, buyer, items) : Promise.resolve(new Map<number, BuyerPrice>());
  }

  get engine() {
    return this.index.engine;
  }

  /** Runs fn with a repository bound to one transaction (a write and its audit row commit together). */
  inTransaction<T>(fn: (repo: CatalogRepository, trx: Transaction<DB>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => fn(new CatalogRepository(trx, this.index, this.gates), trx));
  }

  /**
   * Suppliers whose items the mall shows: the supplier is active, its shop open, and it holds a
   * contract in force with the viewer's institute (any institute for viewers without one: the contracts module's gate).
   */
  async visibleSupplierIds(institute: number | null): Promise<number[]> {
    const rows = await this.db
      .selectFrom('supplier')
      .innerJoin('shop', 'shop.supplier_id', 'supplier.id')
      .select('supplier.id')
      .where('supplier.status', '=', 1)
      .where('shop.status', '=', 1)
      .where(this.gates.sellers('supplier.id', institute))
      .execute();
    return rows.map((r) => r.id);
  }

  /** A category and everything under it (paths are '/1/5/'). */
  async categorySubtree(categoryId: number): Promise<number[]> {
    const root = await this.db.selectFrom('category').select('path').where('id', '=', categoryId).executeTakeFirst();
    if (!root) return [];
    const rows = await this.db.selectFrom('category').select('id').where('path', 'like', `${root.path}%`).execute();
    return rows.map((r) => r.id);
  }

  async catalogNoExists(values: string[], supplierIds: number[]): Promise<boolean> {
    const row = await this.filtered({ match: { kind: 'catalogNo', values }, supplierIds })
      .select('item.id')
      .limit(1)
      .executeTakeFirst();
    return !!row;
  }

  /** Visible items narrowed by the filter; the text match comes from the search index adapter. */
  private filtered(f: ItemFilter): SelectQueryBuilder<DB, 'item', object> {
    let qb = this.db
      .selectFrom('item')
      .where('item.supplier_id', 'in', f.supplierIds.length ? f.supplierIds : [-1])
      // the item-level purchase gates: on the shelf and not deleted; not needing a qualification
      // its supplier lacks today (资质). None depends on the institute today (suppliers were
      // narrowed by visibleSupplierIds); a gate that does will need the viewer in ItemFilter.
      .where(this.gates.items(null));
    const m = f.match;
    if (m.kind === 'text') qb = this.index.match(qb, m.terms);
    else if (m.kind === 'cas') qb = qb.where('item.cas', '=', m.cas);
    else if (m.kind === 'catalogNo') qb = qb.where('item.catalog_no', 'in', m.values);
    if (f.categoryIds) qb = qb.where('item.category_id', 'in', f.categoryIds.length ? f.categoryIds : [-1]);
    if (f.brandIds?.length) qb = qb.where('item.brand_id', 'in', f.brandIds);
    if (f.sectionId !== undefined) qb = qb.where('item.section_id', '=', f.sectionId);
    if (f.priceMin !== undefined) qb = qb.where('item.price', '>=', f.priceMin);
    if (f.priceMax !== undefined) qb = qb.where('item.price', '<=', f.priceMax);
    if (f.grade) qb = qb.where('item.grade', '=', f.grade);
    if (f.inStock) qb = qb.where('item.stock', '>', 0);
    return qb;
  }

  /**
   * 4 when the name is the query; 3 when the name holds every word (Han words anywhere, Latin
   * words at a word start of the name or English name); 2 when the names hold every word anywhere
   * (Methanol for "ethanol"); 1 when the match came from brand, grade, specification or category.
   */
  private relevance(words: string[], q: string | null): RawBuilder<number> {
    if (!words.length) return sql<number>`0`;
    const pos = sql.raw(this.engine === 'postgres' ? 'strpos' : 'instr');
    const latin = (w: string) => /\p{L}/u.test(w) && !/\p{Script=Han}/u.test(w);
    // Han has no case: Han words compare with the raw columns, and lower() runs only for Latin words
    const name = (w: string) => (latin(w) ? sql`lower(item.name)` : sql`item.name`);
    const nameEn = (w: string) => (latin(w) ? sql`lower(coalesce(item.name_en, ''))` : sql`coalesce(item.name_en, '')`);
    // word starts: a space before each word, after turning the usual separators into spaces
    const starts = (col: RawBuilder<unknown>) => sql`(' ' || replace(replace(replace(${col}, '-', ' '), '(', ' '), ',', ' '))`;
    const has = (col: RawBuilder<unknown>, w: string) => sql`${pos}(${col}, ${w}) > 0`;
    const all = (parts: RawBuilder<unknown>[]) => sql.join(parts, sql` AND `);
    const strong = words.map((w) => (latin(w) ? sql`(${has(starts(name(w)), ` ${w}`)} OR ${has(starts(nameEn(w)), ` ${w}`)})` : has(name(w), w)));
    const anywhere = words.map((w) => sql`(${has(name(w), w)} OR ${has(nameEn(w), w)})`);
    const text = q ?? '';
    const exact = words.some(latin) ? sql`lower(item.name) = ${text.toLowerCase()}` : sql`item.name = ${text}`;
    return sql<number>`(CASE WHEN ${exact} THEN 4 WHEN ${all(strong)} THEN 3 WHEN ${all(anywhere)} THEN 2 ELSE 1 END)`;
  }

  /**
   * One pass over at most cap + 1 matches in index order: their number (cap + 1 tells there are
   * more), and over the first cap (the window) the facet groups (brand × category × supplier ×
   * grade) and one sorted page, in a single statement.
   */
  async searchWindow(
    f: ItemFilter,
    o: { cap: number; sort: SortKey; limit: number; offset: number; words: string[]; q: string | null; groups?: boolean },
  ): Promise<WindowResult> {
    const w = this.filtered(f)
      .select(['item.id', 'item.supplier_id', 'item.brand_id', 'item.category_id', 'item.grade', 'item.price', 'item.sales'])
      .select(this.relevance(o.words, o.q).as('rel'))
      .limit(o.cap + 1);
    const pg = this.engine === 'postgres';
    const order = sql.raw(WINDOW_ORDER[o.sort]);
    const agg = sql.raw(pg ? 'json_agg' : 'json_group_array');
    const tuple = sql.raw(pg ? 'json_build_array' : 'json_array');
    const { rows } = await sql<{ n: number; groups: unknown; page: unknown }>`
      WITH w AS MATERIALIZED ${w}
      SELECT
        (SELECT count(*) FROM w) AS n,
        ${o.groups === false ? sql`NULL` : sql`(SELECT ${agg}(${tuple}(brand_id, category_id, supplier_id, grade, c)) FROM (SELECT brand_id, category_id, supplier_id, grade, count(*) AS c FROM (SELECT * FROM w LIMIT ${o.cap}) c GROUP BY brand_id, category_id, supplier_id, grade) g)`} AS groups,
        (SELECT ${agg}(id ORDER BY ${order})
           FROM (SELECT * FROM (SELECT * FROM w LIMIT ${o.cap}) c ORDER BY ${order} LIMIT ${o.limit} OFFSET ${o.offset}) p) AS page
    `.execute(this.db);
    const r = rows[0];
    const groups = parseJson<[number | null, number | null, number, string | null, number][]>(r.groups, []);
    return {
      count: Number(r.n),
      groups: groups.map(([brandId, categoryId, supplierId, grade, count]) => ({ brandId, categoryId, supplierId, grade, count: Number(count) })),
      pageIds: parseJson<number[]>(r.page, []),
    };
  }

  /** One page in a global order over every match (price and sales sorts of a result larger than the window). */
  async sortedPage(f: ItemFilter, sort: Exclude<SortKey, 'relevance'>, limit: number, offset: number): Promise<number[]> {
    let qb = this.filtered(f).select('item.id');
    if (sort === 'price_asc') qb = qb.orderBy('item.price', 'asc').orderBy('item.id', 'asc');
    else if (sort === 'price_desc') qb = qb.orderBy('item.price', 'desc').orderBy('item.id', 'desc');
    else qb = qb.orderBy('item.sales', 'desc').orderBy('item.id', 'desc');
    const rows = await qb.limit(limit).offset(offset).execute();
    return rows.map((r) => r.id);
  }

  /** Every matching id, uncapped (the benchmark's recall check against LIKE). */
  async matchingIds(f: ItemFilter): Promise<number[]> {
    const rows = await this.filtered(f).select('item.id').execute();
    return rows.map((r) => r.id);
  }

  /** Distinct names among the first `scan` matches, names starting with the query first, then by sales. */
  async suggestNames(f: ItemFilter, prefix: string, limit: number, scan: number): Promise<string[]> {
    const w = this.filtered(f).select(['item.name', 'item.sales']).limit(scan);
    const starts = sql<number>`CASE WHEN substr(lower(w.name), 1, ${prefix.length}) = ${prefix} THEN 1 ELSE 0 END`;
    const rows = await this.db
      .selectFrom(w.as('w'))
      .select(['w.name', starts.as('starts'), (eb) => eb.fn.sum<number>('w.sales').as('sold')])
      .groupBy('w.name')
      .orderBy('starts', 'desc')
      .orderBy('sold', 'desc')
      .orderBy('w.name')
      .limit(limit)
      .execute();
    return rows.map((r) => r.name);
  }

  /** Search and listing rows, with brand and supplier names. */
  itemsByIds(ids: number[]) {
    if (!ids.length) return Promise.resolve([]);
    return this.db
      .selectFrom('item')
      .innerJoin('supplier', 'supplier.id', 'item.supplier_id')
      .leftJoin('brand', 'brand.id', 'item.brand_id')
      .select([
        'item.id',
        'item.name',
        'item.name_en',
        'item.cas',
        'item.brand_id',
        'brand.name as brand_name',
        'item.catalog_no',
        'item.spec',
        'item.grade',
        'item.unit',
        'item.price',
        'item.stock',
        'item.sales',
        'item.supplier_id',
        'supplier.company_name as supplier_name',
        'item.images',
        'item.hazard_dangerous',
        'item.hazard_precursor',
        'item.hazard_explosive',
        'item.hazard_toxic',
      ])
      .where('item.id', 'in', ids)
      .execute();
  }

  async names(table: 'brand' | 'category', ids: number[]): Promise<Map<number, string>> {
    if (!ids.length) return new Map();
    const rows = await this.db.selectFrom(table).select(['id', 'name']).where('id', 'in', ids).execute();
    return new Map(rows.map((r) => [r.id, r.name]));
  }

  async supplierNames(ids: number[]): Promise<Map<number, string>> {
    if (!ids.length) return new Map();
    const rows = await this.db.selectFrom('supplier').select(['id', 'company_name']).where('id', 'in', ids).execute();
    return new Map(rows.map((r) => [r.id, r.company_name]));
  }

  /** One item with what its detail page shows; visibility is the service's call. */
  itemDetail(id: number) {
    return this.db
      .selectFrom('item')
      .innerJoin('supplier', 'supplier.id', 'item.supplier_id')
      .leftJoin('shop', 'shop.supplier_id', 'item.supplier_id')
      .leftJoin('brand', 'brand.id', 'item.brand_id')
      .leftJoin('category', 'category.id', 'item.category_id')
      .selectAll('item')
      .select([
        'supplier.company_name as supplier_name',
        'supplier.status as supplier_status',
        'shop.id as shop_id',
        'shop.name as shop_name',
        'shop.status as shop_status',
        'brand.name as brand_name',
        'brand.name_en as brand_name_en',
        'category.name as category_name',
        'category.path as category_path',
      ])
      .where('item.id', '=', id)
      .executeTakeFirst();
  }

  /** Visible offers of one product (same product_key), cheapest per unit first is the service's sort. */
  sameProduct(productKey: string, supplierIds: number[]) {
    return this.db
      .selectFrom('item')
      .innerJoin('supplier', 'supplier.id', 'item.supplier_id')
      .select([
        'item.id',
        'item.supplier_id',
        'supplier.company_name as supplier_name',
        'item.spec',
        'item.pack_amount',
        'item.pack_unit',
        'item.unit',
        'item.price',
        'item.stock',
      ])
      .where('item.product_key', '=', productKey)
      .where('item.deleted', '=', 0)
      .where('item.on_shelf', '=', 1)
      .where('item.supplier_id', 'in', supplierIds.length ? supplierIds : [-1])
      .orderBy('item.id')
      .limit(200)
      .execute();
  }

  brands(recommended?: boolean) {
    let q = this.db.selectFrom('brand').selectAll();
    if (recommended !== undefined) q = q.where('recommended', '=', recommended ? 1 : 0);
    return q.orderBy('sort').orderBy('id').execute();
  }

  categories() {
    return this.db.selectFrom('category').select(['id', 'parent_id', 'name', 'level', 'sort']).orderBy('level').orderBy('sort').orderBy('id').execute();
  }

  shopOfSupplier(supplierId: number) {
    return this.db
      .selectFrom('shop')
      .innerJoin('supplier', 'supplier.id', 'shop.supplier_id')
      .selectAll('shop')
      .select(['supplier.company_name as supplier_name', 'supplier.status as supplier_status'])
      .where('shop.supplier_id', '=', supplierId)
      .executeTakeFirst();
  }

  /** Top sellers among the first `scan` visible items of a brand (home page brand zones). */
  async brandTopIds(brandId: number, supplierIds: number[], limit: number, scan: number): Promise<{ id: number; sales: number; name: string }[]> {
    const w = this.filtered({ match: { kind: 'none' }, supplierIds, brandIds: [brandId] })
      .select(['item.id', 'item.sales', 'item.name'])
      .limit(scan);
    return this.db.selectFrom(w.as('w')).selectAll().orderBy('w.sales', 'desc').orderBy('w.id', 'desc').limit(limit).execute();
  }

  /** What re-indexing an item needs: its text fields and its brand's and category's names. */
  itemForIndex(id: number) {
    return this.db
      .selectFrom('item')
      .leftJoin('brand', 'brand.id', 'item.brand_id')
      .leftJoin('category', 'category.id', 'item.category_id')
      .select([
        'item.id',
        'item.name',
        'item.name_en',
        'item.grade',
        'item.spec',
        'item.catalog_no',
        'item.version',
        'brand.name as brand_name',
        'brand.name_en as brand_name_en',
        'category.name as category_name',
      ])
      .where('item.id', '=', id)
      .executeTakeFirst();
  }

  /** Conditional on the version read, so a concurrent edit is not overwritten. */
  updateItem(id: number, version: number, set: Updateable<ItemTable>) {
    return this.db
      .updateTable('item')
      .set({ ...set, version: version + 1 })
      .where('id', '=', id)
      .where('version', '=', version)
      .executeTakeFirst();
  }
}
