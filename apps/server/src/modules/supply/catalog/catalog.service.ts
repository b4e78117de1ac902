import { looksLikeCas } from '@kc/contracts/platform/cas';
import { type CategoryNode, ITEM_REMOVED_MESSAGE, type SearchQuery, SHOP_CLOSED_MESSAGE } from '@kc/contracts/supply/catalog';
import { writeAudit } from '../../../platform/audit/audit.ts';
import type { Who } from '../../../platform/auth/who.ts';
import { nowIso } from '../../../platform/db/database.ts';
import { fail } from '../../../platform/http/errors.ts';
import { highlightWords, itemTokens, queryTerms, queryWords } from '../../../platform/search/tokenize.ts';
import type { BuyerPrice } from '../discounts/index.ts';
import type { Buyer, CatalogRepository, ItemFilter, SortKey, TextMatch } from './catalog.repository.ts';
import { brandText, hazardsOf, highlight, parseImages, unitPrice } from './item-rules.ts';
import { productKey } from './product-key.ts';
import type { ShopShowcaseReader } from './shop-showcase.port.ts';

type Row = Awaited<ReturnType<CatalogRepository['itemsByIds']>>[number];

/**
 * A search evaluates at most this many matches (the window, taken in index order): totals, facets
 * and the relevance order are exact up to it. A broader query (分析纯 on a million items) reports
 * the window's size with totalExact=false (the web shows "3000+") and facets from the window; price
 * and sales sorts still order every match. Each match in the window costs a row read (on
 * PostgreSQL a heap page), so the window bounds a search's cost: bench:search times 2,000 to 10,000
 * on both engines (docs/BENCHMARKS.md); 3,000 keeps p95 well under 50 ms and ≥ 20× LIKE on both.
 */
export const SEARCH_WINDOW = 3_000;

/** Looks like an article number (货号): one word with a digit, no Han characters. */
const CATALOG_NO = /^(?=.*\d)[A-Za-z0-9][A-Za-z0-9.\-_/]{2,39}$/;

/** Brands, categories, shops and items for the mall, and the item search. */
export class CatalogService {
  private readonly window: number;
  private readonly showcase: ShopShowcaseReader;

  constructor(
    private readonly repo: CatalogRepository,
    /** URL of an uploaded image (the files service signs it) */
    private readonly imageUrl: (fileId: number) => string = () => '',
    /** showcase: the shop page's sections, banners and notices (a port: supply/shop's, passed by app.ts) */
    opts: { window?: number; showcase?: ShopShowcaseReader } = {},
  ) {
    this.window = opts.window ?? SEARCH_WINDOW;
    this.showcase =
      opts.showcase ??
      (() => {
        throw new Error('catalog: no shop showcase reader was passed (createCatalogModule deps.showcase)');
      });
  }

  // ── search ────────────────────────────────────────────────────────────────
  async search(q: SearchQuery, opts: { facets?: boolean; institute?: number | null; deptPath?: string | null } = {}) {
    const visible = await this.repo.visibleSupplierIds(opts.institute ?? null);
    const text = q.q?.trim() ?? '';
    const match = await this.textMatch(text, visible);
    const supplierIds = q.supplierId !== undefined ? visible.filter((id) => id === q.supplierId) : visible;
    const filter: ItemFilter = {
      match,
      supplierIds,
      categoryIds: q.categoryId !== undefined ? await this.repo.categorySubtree(q.categoryId) : undefined,
      brandIds: q.brandId,
      priceMin: q.priceMin,
      priceMax: q.priceMax,
      grade: q.grade,
      inStock: q.inStock,
    };
    const matchedBy: 'text' | 'cas' | 'catalogNo' | 'none' = match.kind;
    const empty = {
      records: [] as ReturnType<CatalogService['itemVO']>[],
      total: 0,
      totalExact: true,
      current: q.current,
      size: q.size,
      facets: { brands: [], categories: [], suppliers: [], grades: [] },
      matchedBy,
    };
    if (match.kind === 'text' && !match.terms.length) return empty;
    if (!supplierIds.length) return empty;

    const offset = (q.current - 1) * q.size;
    // pages end at the window (as a search engine's result window does)
    const limit = Math.max(0, Math.min(q.size, this.window - offset));
    const words = match.kind === 'text' ? queryWords(text) : [];
    const win = await this.repo.searchWindow(filter, {
      cap: this.window,
      sort: q.sort as SortKey,
      limit,
      offset,
      words,
      q: text || null,
      groups: opts.facets !== false,
    });
    const capped = win.count > this.window;
    let pageIds = win.pageIds;
    if (capped && q.sort !== 'relevance' && limit > 0) pageIds = await this.repo.sortedPage(filter, q.sort as Exclude<SortKey, 'relevance'>, limit, offset);

    const hl = match.kind === 'text' ? highlightWords(text) : [];
    const [rows, facets] = await Promise.all([this.repo.itemsByIds(pageIds), opts.facets === false ? null : this.facets(win.groups)]);
    const prices = await this.repo.pagePrices(rows, { instituteId: opts.institute ?? null, deptPath: opts.deptPath ?? null });
    const byId = new Map(rows.map((r) => [r.id, r]));
    return {
      records: pageIds.flatMap((id) => {
        const r = byId.get(id);
        return r ? [this.itemVO(r, hl, prices.get(id))] : [];
      }),
      total: Math.min(win.count, this.window),
      totalExact: !capped,
      current: q.current,
      size: q.size,
      facets: facets ?? empty.facets,
      matchedBy,
    };
  }

  /** Every visible item a query matches, uncapped, through the same path as search (the benchmark's recall check). */
  async matchingIds(text: string, institute: number | null = null): Promise<{ matchedBy: TextMatch['kind']; ids: number[] }> {
    const visible = await this.repo.visibleSupplierIds(institute);
    const match = await this.textMatch(text.trim(), visible);
    if (match.kind === 'text' && !match.terms.length) return { matchedBy: 'text', ids: [] };
    return { matchedBy: match.kind, ids: await this.repo.matchingIds({ match, supplierIds: visible }) };
  }

  /** CAS numbers and article numbers match exactly through their own columns; anything else is full text. */
  private async textMatch(text: string, visible: number[]): Promise<TextMatch> {
    if (!text) return { kind: 'none' };
    if (looksLikeCas(text)) return { kind: 'cas', cas: text };
    if (CATALOG_NO.test(text)) {
      const values = [...new Set([text, text.toUpperCase()])];
      if (await this.repo.catalogNoExists(values, visible)) return { kind: 'catalogNo', values };
    }
    return { kind: 'text', terms: queryTerms(text) };
  }

  private async facets(groups: { brandId: number | null; categoryId: number | null; supplierId: number; grade: string | null; count: number }[]) {
    const sum = <K>(key: (g: (typeof groups)[number]) => K | null) => {
      const m = new Map<K, number>();
      for (const g of groups) {
        const k = key(g);
        if (k !== null) m.set(k, (m.get(k) ?? 0) + g.count);
      }
      return m;
    };
    const brands = sum((g) => g.brandId);
    const categories = sum((g) => g.categoryId);
    const suppliers = sum((g) => g.supplierId);
    const grades = sum((g) => g.grade);
    const [bn, cn, sn] = await Promise.all([
      this.repo.names('brand', [...brands.keys()]),
      this.repo.names('category', [...categories.keys()]),
      this.repo.supplierNames([...suppliers.keys()]),
    ]);
    const list = (m: Map<number, number>, names: Map<number, string>) =>
      [...m].map(([id, count]) => ({ id, name: names.get(id) ?? '', count })).sort((a, b) => b.count - a.count || a.id - b.id);
    return {
      brands: list(brands, bn),
      categories: list(categories, cn),
      suppliers: list(suppliers, sn),
      grades: [...grades].map(([grade, count]) => ({ grade, count })).sort((a, b) => b.count - a.count || a.grade.localeCompare(b.grade)),
    };
  }

  /** A result row; `priced` is what the caller pays (协议价, 促销), the list price without it. */
  private itemVO(r: Row, hl: string[], priced?: BuyerPrice) {
    const first = parseImages(r.images)[0];
    return {
      id: r.id,
      name: r.name,
      nameEn: r.name_en,
      cas: r.cas,
      brandId: r.brand_id,
      brand: r.brand_name,
      catalogNo: r.catalog_no,
      spec: r.spec,
      grade: r.grade,
      unit: r.unit,
      price: priced?.price ?? r.price,
      listPrice: r.price,
      priceNote: priced && priced.price !== r.price ? priced.note : null,
      stock: r.stock,
      sales: r.sales,
      supplierId: r.supplier_id,
      supplierName: r.supplier_name,
      hazards: hazardsOf(r),
      image: first === undefined ? null : typeof first === 'number' ? this.imageUrl(first) : first,
      highlight: highlight(r.name, hl),
    };
  }

  /** Names for the search box: distinct names among the first matches, those starting with the input first. */
  async suggest(input: string, institute: number | null = null): Promise<string[]> {
    const text = input.trim();
    if (!text) return [];
    const terms = queryTerms(text);
    if (!terms.length) return [];
    const visible = await this.repo.visibleSupplierIds(institute);
    return this.repo.suggestNames({ match: { kind: 'text', terms }, supplierIds: visible }, text.toLowerCase(), 10, 2000);
  }

  // ── item detail ───────────────────────────────────────────────────────────
  /** A deleted or off-shelf item, or one whose supplier or shop is closed, is gone for buyers (the web shows /NoItemDetailPage). */
  private async visibleItem(id: number, institute: number | null) {
    const it = await this.repo.itemDetail(id);
    if (!it || it.deleted || !it.on_shelf || it.supplier_status !== 1 || it.shop_status !== 1 || it.shop_id === null)
      return fail('NOT_FOUND', ITEM_REMOVED_MESSAGE);
    // no contract in force with the buyer's institute: gone for them like an unshelved item
    if (!(await this.repo.visibleSupplierIds(institute)).includes(it.supplier_id)) return fail('NOT_FOUND', ITEM_REMOVED_MESSAGE);
    return it;
  }

  async detail(id: number, institute: number | null = null, deptPath: string | null = null) {
    const it = await this.visibleItem(id, institute);
    const priced = await this.repo.buyerPrice({ id: it.id, supplier_id: it.supplier_id, price: Number(it.price) }, { instituteId: institute, deptPath });
    const pathIds = (it.category_path ?? '').split('/').filter(Boolean).map(Number);
    const names = await this.repo.names('category', pathIds);
    return {
      id: it.id,
      name: it.name,
      nameEn: it.name_en,
      cas: it.cas,
      brand: it.brand_id !== null && it.brand_name !== null ? { id: it.brand_id, name: it.brand_name, nameEn: it.brand_name_en } : null,
      catalogNo: it.catalog_no,
      spec: it.spec,
      packAmount: it.pack_amount,
      packUnit: it.pack_unit,
      grade: it.grade,
      unit: it.unit,
      price: priced?.price ?? Number(it.price),
      listPrice: Number(it.price),
      priceNote: priced?.note ?? null,
      stock: it.stock,
      sales: it.sales,
      category:
        it.category_id !== null && it.category_name !== null
          ? { id: it.category_id, name: it.category_name, path: pathIds.map((cid) => ({ id: cid, name: names.get(cid) ?? '' })) }
          : null,
      images: parseImages(it.images).map((x) => (typeof x === 'number' ? this.imageUrl(x) : x)),
      hazards: hazardsOf(it),
      supplyAreas: it.supply_areas ? it.supply_areas.split(',').filter(Boolean) : [],
      supplier: { id: it.supplier_id, name: it.supplier_name },
      shop: { id: it.shop_id as number, name: it.shop_name ?? '' },
      version: it.version,
    };
  }

  /** The same product from every supplier and pack size, cheapest per unit first. */
  async sameProduct(id: number, institute: number | null = null) {
    const it = await this.visibleItem(id, institute);
    const visible = await this.repo.visibleSupplierIds(institute);
    const rows = await this.repo.sameProduct(it.product_key, visible);
    const offers = rows
      .map((r) => ({
        id: r.id,
        supplierId: r.supplier_id,
        supplierName: r.supplier_name,
        spec: r.spec,
        packAmount: r.pack_amount,
        packUnit: r.pack_unit,
        unit: r.unit,
        price: r.price,
        unitPrice: unitPrice(r.price, r.pack_amount),
        stock: r.stock,
        current: r.id === id,
      }))
      .sort((a, b) => (a.unitPrice ?? Number.POSITIVE_INFINITY) - (b.unitPrice ?? Number.POSITIVE_INFINITY) || a.price - b.price || a.id - b.id);
    return { productKey: it.product_key, offers };
  }

  // ── brands, categories, shops, home ──────────────────────────────────────
  async brands(recommended?: boolean) {
    const rows = await this.repo.brands(recommended);
    return rows.map((b) => ({
      id: b.id,
      name: b.name,
      nameEn: b.name_en,
      country: b.country,
      intro: b.intro,
      logoFileId: b.logo_file_id,
      recommended: b.recommended === 1,
    }));
  }

  async categoryTree(): Promise<CategoryNode[]> {
    const rows = await this.repo.categories();
    const nodes = new Map(rows.map((r) => [r.id, { id: r.id, name: r.name, level: r.level, children: [] as CategoryNode[] }]));
    const roots: CategoryNode[] = [];
    for (const r of rows) {
      const n = nodes.get(r.id) as CategoryNode;
      const parent = r.parent_id !== null ? nodes.get(r.parent_id) : undefined;
      (parent ? parent.children : roots).push(n);
    }
    return roots;
  }

  /** A closed shop, or the shop of a supplier no longer active, is gone (the web shows /NoShopDetailPage). */
  private async openShop(supplierId: number, institute: number | null) {
    const shop = await this.repo.shopOfSupplier(supplierId);
    if (shop?.status !== 1 || shop.supplier_status !== 1) return fail('NOT_FOUND', SHOP_CLOSED_MESSAGE);
    if (!(await this.repo.visibleSupplierIds(institute)).includes(supplierId)) return fail('NOT_FOUND', SHOP_CLOSED_MESSAGE);
    return shop;
  }

  async shopDetail(supplierId: number, institute: number | null = null) {
    const shop = await this.openShop(supplierId, institute);
    // 店铺管理 decides what shows: approved and inside its window
    const { sections, banners, notices } = await this.showcase(shop.id);
    return {
      id: shop.id,
      supplierId: shop.supplier_id,
      name: shop.name,
      intro: shop.intro,
      logoFileId: shop.logo_file_id,
      supplierName: shop.supplier_name,
      sections: sections.map((s) => ({ id: s.id, name: s.name, sort: s.sort })),
      banners: banners.map((b) => ({
        id: b.id,
        title: b.title,
        imageFileId: b.image_file_id,
        imageUrl: b.image_file_id ? this.imageUrl(b.image_file_id) : null,
        linkUrl: b.link_url,
        sort: b.sort,
      })),
      logoUrl: shop.logo_file_id ? this.imageUrl(shop.logo_file_id) : null,
      notices: notices.map((n) => ({ id: n.id, title: n.title, content: n.content, startAt: n.start_at })),
    };
  }

  /** A shop's items, best sellers first (within the search window), optionally one section. */
  async shopItems(q: { supplierId: number; sectionId?: number; current: number; size: number }, buyer: Buyer = { instituteId: null, deptPath: null }) {
    await this.openShop(q.supplierId, buyer.instituteId);
    const offset = (q.current - 1) * q.size;
    const limit = Math.max(0, Math.min(q.size, this.window - offset));
    const win = await this.repo.searchWindow(
      { match: { kind: 'none' }, supplierIds: [q.supplierId], sectionId: q.sectionId },
      { cap: this.window, sort: 'sales', limit, offset, words: [], q: null },
    );
    const rows = await this.repo.itemsByIds(win.pageIds);
    const prices = await this.repo.pagePrices(rows, buyer);
    const byId = new Map(rows.map((r) => [r.id, r]));
    return {
      records: win.pageIds.flatMap((id) => {
        const r = byId.get(id);
        return r ? [this.itemVO(r, [], prices.get(id))] : [];
      }),
      total: Math.min(win.count, this.window),
      current: q.current,
      size: q.size,
    };
  }

  /** Home and /bigMall: recommended brands with their best sellers, and the best sellers of all of them. */
  async homeRecommend() {
    const [brands, visible] = await Promise.all([this.brands(true), this.repo.visibleSupplierIds(null)]);
    const zones = [];
    const pool: { id: number; sales: number; name: string }[] = [];
    for (const b of brands.slice(0, 8)) {
      const top = await this.repo.brandTopIds(b.id, visible, 8, 300);
      pool.push(...top);
      zones.push({ brand: b, ids: top.slice(0, 4).map((t) => t.id) });
    }
    // one item per name, so the list is not eight bottles of the same solvent
    const seen = new Set<string>();
    const picks = pool
      .sort((a, b) => b.sales - a.sales || b.id - a.id)
      .filter((t) => !seen.has(t.name) && seen.add(t.name))
      .slice(0, 12)
      .map((t) => t.id);
    const rows = await this.repo.itemsByIds([...new Set([...picks, ...zones.flatMap((z) => z.ids)])]);
    // a public page: no 协议价, but a 促销 is an offer to everyone
    const prices = await this.repo.pagePrices(rows, null);
    const byId = new Map(rows.map((r) => [r.id, this.itemVO(r, [], prices.get(r.id))]));
    const vo = (ids: number[]) => ids.flatMap((id) => (byId.has(id) ? [byId.get(id) as ReturnType<CatalogService['itemVO']>] : []));
    return { items: vo(picks), brandZones: zones.filter((z) => z.ids.length).map((z) => ({ brand: z.brand, items: vo(z.ids) })) };
  }

  // ── writes (the supplier portal builds on these) ─────────────────────────
  /**
   * Changes an item's descriptive text. The tokens column is recomputed and written in the same
   * UPDATE, so the full-text index (FTS5 triggers, generated tsvector) follows inside this
   * transaction; the product key follows the brand and article number.
   */
  async updateItemText(w: Who, id: number, patch: { name?: string; nameEn?: string | null; spec?: string; grade?: string | null; catalogNo?: string | null }) {
    await this.repo.inTransaction(async (r, trx) => {
      const it = await r.itemForIndex(id);
      if (!it) return fail('NOT_FOUND', ITEM_REMOVED_MESSAGE);
      const next = {
        name: patch.name ?? it.name,
        name_en: patch.nameEn !== undefined ? patch.nameEn : it.name_en,
        spec: patch.spec ?? it.spec,
        grade: patch.grade !== undefined ? patch.grade : it.grade,
        catalog_no: patch.catalogNo !== undefined ? patch.catalogNo : it.catalog_no,
      };
      const brand = it.brand_name ? brandText({ name: it.brand_name, name_en: it.brand_name_en }) : null;
      const row = await r.updateItem(id, it.version, {
        ...next,
        tokens: itemTokens(next, brand, it.category_name),
        product_key: productKey({ brandName: it.brand_name, catalogNo: next.catalog_no, cas: null, grade: next.grade, itemId: id }),
        updated_at: nowIso(),
      });
      if (!row.numUpdatedRows) fail('STATE_CONFLICT');
      await writeAudit(trx, { userId: w.caller.userId, action: 'item.update', target: `item:${id}`, detail: patch, ip: w.ip });
    });
  }
}
