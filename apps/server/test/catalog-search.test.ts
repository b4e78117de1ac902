import { ITEM_REMOVED_MESSAGE, SHOP_CLOSED_MESSAGE } from '@kc/contracts/supply/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogGates } from '../src/modules/buying/eligibility/index.ts';
import { CatalogRepository } from '../src/modules/supply/catalog/catalog.repository.ts';
import { CatalogService } from '../src/modules/supply/catalog/catalog.service.ts';
import { openSearchIndex } from '../src/platform/search/open-search-index.ts';
import { categoryId, makeBrand, makeCatalogItem, supplierId } from './support/catalog-fixtures.ts';
import { createTestApp, type TestApp } from './support/harness.ts';
import { call, demoSessions, type Session } from './support/sessions.ts';

let t: TestApp;
const { as } = demoSessions(() => t);
let buyer: Session;
let svc: CatalogService;
const ids: Record<string, number> = {};
let brand: { id: number; name: string; nameEn: string | null };
let sup: Record<'gy' | 'ald' | 'mkl', number>;
let general: { id: number; name: string };

beforeAll(async () => {
  t = await createTestApp();
  buyer = await as('buyer1');
  const db = t.ctx.database.db;
  svc = new CatalogService(new CatalogRepository(db, openSearchIndex(t.ctx.database.engine), catalogGates));
  sup = { gy: await supplierId(db, '国药'), ald: await supplierId(db, '阿拉丁'), mkl: await supplierId(db, '麦克林') };
  brand = await makeBrand(db, '试验牌', 'Testbrand');
  general = { id: await categoryId(db, '通用试剂'), name: '通用试剂' };
  const base = { brand, category: general };
  ids.ethanolGy = await makeCatalogItem(db, {
    ...base,
    supplierId: sup.gy,
    name: '无水乙醇',
    nameEn: 'Ethanol absolute',
    cas: '64-17-5',
    catalogNo: 'ZT900001',
    price: 3000,
    packAmount: 500,
    sales: 50,
    hazards: { hazard_dangerous: 1 },
  });
  // the same product (brand + article number) from another supplier in a bigger bottle
  ids.ethanolAld = await makeCatalogItem(db, {
    ...base,
    supplierId: sup.ald,
    name: '无水乙醇',
    nameEn: 'Ethanol absolute',
    cas: '64-17-5',
    catalogNo: 'ZT900001',
    spec: '2.5L',
    packAmount: 2500,
    price: 10000,
    sales: 5,
    hazards: { hazard_dangerous: 1 },
  });
  ids.hcl = await makeCatalogItem(db, {
    ...base,
    supplierId: sup.mkl,
    name: '浓盐酸(36%~38%)',
    nameEn: 'Hydrochloric acid',
    cas: '7647-01-0',
    catalogNo: 'ZT900002',
    grade: '优级纯',
    price: 2500,
    stock: 0,
    hazards: { hazard_dangerous: 1, hazard_precursor: 1 },
  });
  ids.mercapto = await makeCatalogItem(db, {
    ...base,
    supplierId: sup.gy,
    name: '2-巯基乙醇',
    nameEn: '2-Mercaptoethanol',
    cas: '60-24-2',
    catalogNo: 'ZT900003',
    grade: '生化试剂',
    spec: '100ml',
    packAmount: 100,
    price: 8800,
  });
  ids.offShelf = await makeCatalogItem(db, {
    ...base,
    supplierId: sup.gy,
    name: '无水乙醇',
    nameEn: 'Ethanol absolute',
    catalogNo: 'ZT900004',
    price: 2900,
    onShelf: 0,
  });
  ids.deleted = await makeCatalogItem(db, {
    ...base,
    supplierId: sup.gy,
    name: '无水乙醇',
    nameEn: 'Ethanol absolute',
    catalogNo: 'ZT900005',
    price: 2800,
    deleted: 1,
  });
  ids.solvent = await makeCatalogItem(db, { ...base, supplierId: sup.gy, name: '测试溶剂甲', nameEn: 'Probe solvent', catalogNo: 'ZT900006', price: 1000 });
});
afterAll(() => t.close());

const search = (query: string, session: Session | null = buyer) => call(t.app, 'GET', `/mall/v1/item/search?${query}`, { session });
const recordIds = (r: { body: { data: { records: { id: number }[] } } }) => r.body.data.records.map((x) => x.id);
const q = encodeURIComponent;

describe('search', () => {
  it('finds a two-character word inside longer names, with highlight and hazards', async () => {
    const r = await search(`q=${q('乙醇')}&brandId=${brand.id}&size=100`);
    expect(r.status).toBe(200);
    expect(r.body.data.matchedBy).toBe('text');
    expect(recordIds(r).sort()).toEqual([ids.ethanolGy, ids.ethanolAld, ids.mercapto].sort());
    const rec = r.body.data.records.find((x: { id: number }) => x.id === ids.ethanolGy);
    expect(rec.highlight).toBe('无水<em>乙醇</em>');
    expect(rec.hazards).toEqual(['dangerous']);
    expect(rec.brand).toBe('试验牌');
    // 盐酸 inside 浓盐酸
    const h = await search(`q=${q('盐酸')}&brandId=${brand.id}`);
    expect(recordIds(h)).toEqual([ids.hcl]);
    expect(h.body.data.records[0].highlight).toBe('浓<em>盐酸</em>(36%~38%)');
    expect(h.body.data.records[0].hazards).toEqual(['dangerous', 'precursor']);
  });

  it('over the whole catalog every result contains the word', async () => {
    const r = await search(`q=${q('乙醇')}&size=100`);
    expect(r.body.data.total).toBeGreaterThanOrEqual(3);
    for (const rec of r.body.data.records) expect(rec.name).toContain('乙醇');
    expect(r.body.data.totalExact).toBe(true);
  });

  it('matches English names case-insensitively, inside words as LIKE does, whole words first', async () => {
    const r = await search(`q=ETHANOL&brandId=${brand.id}`);
    expect(recordIds(r).sort()).toEqual([ids.ethanolGy, ids.ethanolAld, ids.mercapto].sort());
    // Ethanol absolute has the word at a word start; 2-Mercaptoethanol only inside a word
    expect(recordIds(r)[2]).toBe(ids.mercapto);
    expect(r.body.data.records[0].highlight).toBe('无水乙醇');
    expect(recordIds(await search(`q=mercapto&brandId=${brand.id}`))).toEqual([ids.mercapto]);
    expect(recordIds(await search(`q=captoeth&brandId=${brand.id}`))).toEqual([ids.mercapto]);
  });

  it('matches CAS numbers and article numbers exactly', async () => {
    const r = await search(`q=64-17-5&size=100`);
    expect(r.body.data.matchedBy).toBe('cas');
    expect(recordIds(r)).toEqual(expect.arrayContaining([ids.ethanolGy, ids.ethanolAld]));
    for (const rec of r.body.data.records) expect(rec.cas).toBe('64-17-5');
    const c = await search('q=zt900003');
    expect(c.body.data.matchedBy).toBe('catalogNo');
    expect(recordIds(c)).toEqual([ids.mercapto]);
    // an unknown CAS finds nothing rather than digits scattered over other items
    expect((await search('q=50-00-1')).body.data.total).toBe(0);
  });

  it('combines a brand with a name', async () => {
    const r = await search(`q=${q('试验牌 乙醇')}&size=100`);
    expect(recordIds(r).sort()).toEqual([ids.ethanolGy, ids.ethanolAld, ids.mercapto].sort());
    const seeded = await search(`q=${q('阿拉丁 乙醇')}&size=100`);
    for (const rec of seeded.body.data.records) {
      expect(rec.brand).toBe('阿拉丁');
      expect(rec.name).toContain('乙醇');
    }
  });

  it('leaves out off-shelf and deleted items and the items of a closed shop', async () => {
    const r = await search(`q=${q('无水乙醇')}&brandId=${brand.id}`);
    expect(recordIds(r)).not.toContain(ids.offShelf);
    expect(recordIds(r)).not.toContain(ids.deleted);
    const db = t.ctx.database.db;
    await db.updateTable('shop').set({ status: 0 }).where('supplier_id', '=', sup.ald).execute();
    try {
      const closed = await search(`q=${q('无水乙醇')}&brandId=${brand.id}`);
      expect(recordIds(closed)).toEqual([ids.ethanolGy]);
      const all = await search('size=100');
      for (const rec of all.body.data.records) expect(rec.supplierId).not.toBe(sup.ald);
      expect((await search(`supplierId=${sup.ald}`)).body.data.total).toBe(0);
    } finally {
      await db.updateTable('shop').set({ status: 1 }).where('supplier_id', '=', sup.ald).execute();
    }
  });

  it('filters by price, grade, stock, supplier and category (with subcategories)', async () => {
    const base = `q=${q('乙醇')}&brandId=${brand.id}`;
    expect(recordIds(await search(`${base}&priceMin=5000`)).sort()).toEqual([ids.ethanolAld, ids.mercapto].sort());
    expect(recordIds(await search(`${base}&priceMax=3000`))).toEqual([ids.ethanolGy]);
    expect(recordIds(await search(`${base}&grade=${q('生化试剂')}`))).toEqual([ids.mercapto]);
    expect(recordIds(await search(`${base}&supplierId=${sup.ald}`))).toEqual([ids.ethanolAld]);
    expect(recordIds(await search(`q=${q('盐酸')}&brandId=${brand.id}&inStock=true`))).toEqual([]);
    const top = (await t.ctx.database.db.selectFrom('category').select('parent_id').where('id', '=', general.id).executeTakeFirstOrThrow()).parent_id;
    expect((await search(`${base}&categoryId=${top}`)).body.data.total).toBe(3);
    expect((await search(`${base}&categoryId=${await categoryId(t.ctx.database.db, '细胞培养')}`)).body.data.total).toBe(0);
  });

  it('sorts by price and sales', async () => {
    const base = `q=${q('乙醇')}&brandId=${brand.id}`;
    expect(recordIds(await search(`${base}&sort=price_asc`))).toEqual([ids.ethanolGy, ids.mercapto, ids.ethanolAld]);
    expect(recordIds(await search(`${base}&sort=price_desc`))).toEqual([ids.ethanolAld, ids.mercapto, ids.ethanolGy]);
    expect(recordIds(await search(`${base}&sort=sales`))[0]).toBe(ids.ethanolGy);
    const rel = recordIds(await search(`q=${q('无水乙醇')}&brandId=${brand.id}`));
    expect(rel[0]).toBe(ids.ethanolGy);
  });

  it('gives facet counts that agree with the records', async () => {
    const r = await search(`q=${q('分析纯')}&size=100`);
    const d = r.body.data;
    expect(d.total).toBeGreaterThan(0);
    const sum = (xs: { count: number }[]) => xs.reduce((s, x) => s + x.count, 0);
    expect(sum(d.facets.suppliers)).toBe(d.total);
    expect(sum(d.facets.brands)).toBe(d.total);
    expect(sum(d.facets.categories)).toBe(d.total);
    for (const b of d.facets.brands.slice(0, 3)) {
      expect(b.name).not.toBe('');
      expect((await search(`q=${q('分析纯')}&brandId=${b.id}`)).body.data.total).toBe(b.count);
    }
    for (const c of d.facets.categories.slice(0, 2)) expect((await search(`q=${q('分析纯')}&categoryId=${c.id}`)).body.data.total).toBe(c.count);
    for (const s of d.facets.suppliers) expect((await search(`q=${q('分析纯')}&supplierId=${s.id}`)).body.data.total).toBe(s.count);
    for (const g of d.facets.grades) expect((await search(`q=${q('分析纯')}&grade=${q(g.grade)}`)).body.data.total).toBe(g.count);
    // every record has the grade the word names
    for (const rec of d.records) expect(rec.grade).toBe('分析纯');
  });

  it('pages through the results without gaps or repeats', async () => {
    const all = await search(`q=${q('分析纯')}&size=100&sort=price_asc`);
    const total = Math.min(all.body.data.total, 100);
    const seen: number[] = [];
    for (let p = 1; p <= Math.ceil(total / 7); p++) {
      const page = await search(`q=${q('分析纯')}&size=7&current=${p}&sort=price_asc`);
      expect(page.body.data.current).toBe(p);
      seen.push(...recordIds(page));
    }
    expect(seen.slice(0, total)).toEqual(recordIds(all).slice(0, total));
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('caps a broad query at the search window: total and facets from the window, price order over every match', async () => {
    const small = new CatalogService(new CatalogRepository(t.ctx.database.db, openSearchIndex(t.ctx.database.engine), catalogGates), undefined, { window: 2 });
    const base = { q: '乙醇', brandId: [brand.id], current: 1, size: 20 };
    const r = await small.search({ ...base, sort: 'relevance' } as never);
    expect(r).toMatchObject({ total: 2, totalExact: false });
    expect(r.records).toHaveLength(2);
    expect(r.facets.suppliers.reduce((n, x) => n + x.count, 0)).toBe(2);
    // the cheapest of all three matches, wherever it lies in index order
    const cheap = await small.search({ ...base, size: 1, sort: 'price_asc' } as never);
    expect(cheap.records.map((x) => x.id)).toEqual([ids.ethanolGy]);
    const dear = await small.search({ ...base, size: 1, sort: 'price_desc' } as never);
    expect(dear.records.map((x) => x.id)).toEqual([ids.ethanolAld]);
    // pages end at the window
    expect((await small.search({ ...base, size: 2, current: 2, sort: 'relevance' } as never)).records).toEqual([]);
    const exact = await svc.search({ ...base, sort: 'relevance' } as never);
    expect(exact).toMatchObject({ total: 3, totalExact: true });
  });

  it('follows an item change at once: found by its new name, not its old one', async () => {
    expect(recordIds(await search(`q=${q('测试溶剂甲')}`))).toEqual([ids.solvent]);
    await svc.updateItemText({ caller: { userId: 1 } as never, ip: '127.0.0.1' }, ids.solvent, { name: '校准溶剂乙' });
    expect(recordIds(await search(`q=${q('校准溶剂乙')}`))).toEqual([ids.solvent]);
    expect(recordIds(await search(`q=${q('测试溶剂甲')}`))).toEqual([]);
    expect(recordIds(await search(`q=${q('溶剂')}&brandId=${brand.id}`))).toEqual([ids.solvent]);
    const audit = await t.ctx.database.db.selectFrom('audit_log').select('action').where('target', '=', `item:${ids.solvent}`).execute();
    expect(audit.map((a) => a.action)).toEqual(['item.update']);
  });

  it('suggests names for the search box', async () => {
    const r = await call(t.app, 'GET', `/mall/v1/item/suggest?q=${q('无水乙')}`, { session: buyer });
    expect(r.body.data[0]).toBe('无水乙醇');
    expect(r.body.data.length).toBeLessThanOrEqual(10);
    expect((await call(t.app, 'GET', '/mall/v1/item/suggest?q=', { session: buyer })).body.data).toEqual([]);
  });

  it('needs a login and refuses malformed queries', async () => {
    expect((await search('q=x', null)).status).toBe(401);
    for (const bad of [
      'size=101',
      'priceMin=500&priceMax=100',
      'sort=cheapest',
      'inStock=maybe',
      'brandId=abc',
      'current=0',
      'color=red',
      `q=${q('长'.repeat(101))}`,
    ]) {
      const r = await search(bad);
      expect(r.status, bad).toBe(400);
      expect(r.body.code).toBe(40000);
    }
    const many = await search(`brandId=${brand.id},${brand.id}&brandId=1`);
    expect(many.status).toBe(200);
  });
});

describe('item detail and same product', () => {
  it('shows a visible item and answers 404 with the removed-item message otherwise', async () => {
    const d = await call(t.app, 'GET', `/mall/v1/item/detail/${ids.hcl}`, { session: buyer });
    expect(d.status).toBe(200);
    expect(d.body.data).toMatchObject({ id: ids.hcl, cas: '7647-01-0', grade: '优级纯', stock: 0, hazards: ['dangerous', 'precursor'], supplyAreas: [] });
    expect(d.body.data.brand.name).toBe('试验牌');
    expect(d.body.data.category.path.map((c: { name: string }) => c.name)).toEqual(['化学试剂', '通用试剂']);
    expect(d.body.data.shop.name).toBe('麦克林官方旗舰店');
    for (const id of [ids.offShelf, ids.deleted, 999_999]) {
      const r = await call(t.app, 'GET', `/mall/v1/item/detail/${id}`, { session: buyer });
      expect(r.status).toBe(404);
      expect(r.body).toMatchObject({ code: 404, message: ITEM_REMOVED_MESSAGE });
    }
    expect((await call(t.app, 'GET', `/mall/v1/item/sameProduct/${ids.deleted}`, { session: buyer })).status).toBe(404);
  });

  it('compares the same product across suppliers per unit', async () => {
    const r = await call(t.app, 'GET', `/mall/v1/item/sameProduct/${ids.ethanolGy}`, { session: buyer });
    expect(r.status).toBe(200);
    const offers = r.body.data.offers;
    // 10000 fen / 2500 ml = 4 fen per ml beats 3000 fen / 500 ml = 6
    expect(offers.map((o: { id: number }) => o.id)).toEqual([ids.ethanolAld, ids.ethanolGy]);
    expect(offers.map((o: { unitPrice: number }) => o.unitPrice)).toEqual([4, 6]);
    expect(offers.map((o: { current: boolean }) => o.current)).toEqual([false, true]);
    expect(offers[0].supplierName).toContain('阿拉丁');
  });
});

describe('brands, categories, shops, home', () => {
  it('lists brands and the category tree publicly', async () => {
    const b = await call(t.app, 'GET', '/mall/v1/brand/list');
    expect(b.status).toBe(200);
    expect(b.body.data.map((x: { name: string }) => x.name)).toEqual(expect.arrayContaining(['国药(沪试)', '阿拉丁', '麦克林', 'TaKaRa', 'Rainin', '全式金']));
    const rec = await call(t.app, 'GET', '/mall/v1/brand/list?recommended=true');
    expect(rec.body.data.every((x: { recommended: boolean }) => x.recommended)).toBe(true);
    const tree = await call(t.app, 'GET', '/mall/v1/category/tree');
    expect(tree.body.data.map((c: { name: string }) => c.name)).toEqual(['化学试剂', '生命科学', '色谱耗材', '实验耗材', '仪器配件']);
    expect(tree.body.data[0].children.map((c: { name: string }) => c.name)).toEqual(['通用试剂', '有机试剂', '无机试剂', '分析试剂']);
  });

  it('recommends items and brand zones on the public home page', async () => {
    const r = await call(t.app, 'GET', '/mall/v1/home/recommend');
    expect(r.status).toBe(200);
    expect(r.body.data.items.length).toBeGreaterThan(0);
    expect(r.body.data.brandZones.length).toBeGreaterThan(0);
    for (const z of r.body.data.brandZones) for (const it of z.items) expect(it.brandId).toBe(z.brand.id);
  });

  it('shows an open shop with sections, banners and items; a closed shop is 404', async () => {
    const d = await call(t.app, 'GET', `/mall/v1/shop/detail/${sup.gy}`, { session: buyer });
    expect(d.status).toBe(200);
    expect(d.body.data.name).toBe('国药集团化学试剂旗舰店');
    expect(d.body.data.sections.map((s: { name: string }) => s.name)).toContain('化学试剂专区');
    expect(d.body.data.banners.length).toBeGreaterThan(0);
    const section = d.body.data.sections[0].id;
    const items = await call(t.app, 'GET', `/mall/v1/shop/items?supplierId=${sup.gy}&sectionId=${section}&size=50`, { session: buyer });
    expect(items.status).toBe(200);
    for (const it of items.body.data.records) expect(it.supplierId).toBe(sup.gy);
    const db = t.ctx.database.db;
    await db.updateTable('shop').set({ status: 0 }).where('supplier_id', '=', sup.mkl).execute();
    try {
      const c = await call(t.app, 'GET', `/mall/v1/shop/detail/${sup.mkl}`, { session: buyer });
      expect(c.status).toBe(404);
      expect(c.body).toMatchObject({ code: 404, message: SHOP_CLOSED_MESSAGE });
      expect((await call(t.app, 'GET', `/mall/v1/shop/items?supplierId=${sup.mkl}`, { session: buyer })).status).toBe(404);
      // its items are gone from detail too
      expect((await call(t.app, 'GET', `/mall/v1/item/detail/${ids.hcl}`, { session: buyer })).status).toBe(404);
    } finally {
      await db.updateTable('shop').set({ status: 1 }).where('supplier_id', '=', sup.mkl).execute();
    }
  });
});
