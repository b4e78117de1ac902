import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plausibleSales, referencePrice } from '../src/db/seed/catalog/generate.ts';
import { createTestApp, type TestApp } from './support/harness.ts';

/** The demo catalog's prices hold together as a real market's would (issue: a catalog that looks real). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function items() {
  return t.ctx.database.db
    .selectFrom('item')
    .select(['supplier_id', 'brand_id', 'catalog_no', 'spec', 'pack_amount', 'price'])
    .where('brand_id', 'is not', null)
    .execute();
}

describe('demo catalog prices', () => {
  it('the same product in the same pack differs by at most about 20% between suppliers', async () => {
    const groups = new Map<string, number[]>();
    for (const i of await items()) {
      const k = `${i.brand_id}|${i.catalog_no}|${i.spec}`;
      groups.set(k, [...(groups.get(k) ?? []), Number(i.price)]);
    }
    const shared = [...groups.values()].filter((p) => p.length > 1);
    expect(shared.length).toBeGreaterThan(0);
    for (const prices of shared) expect(Math.max(...prices) / Math.min(...prices)).toBeLessThanOrEqual(1.21);
  });

  it('a larger pack of the same product from the same supplier costs less per gram or millilitre', async () => {
    const byProduct = new Map<string, { amount: number; price: number }[]>();
    for (const i of await items()) {
      if (!i.pack_amount) continue;
      const k = `${i.supplier_id}|${i.brand_id}|${i.catalog_no}`;
      byProduct.set(k, [...(byProduct.get(k) ?? []), { amount: Number(i.pack_amount), price: Number(i.price) }]);
    }
    let compared = 0;
    for (const packs of byProduct.values()) {
      const sorted = [...packs].sort((a, b) => a.amount - b.amount);
      for (let n = 1; n < sorted.length; n++) {
        if (sorted[n].amount === sorted[n - 1].amount) continue;
        compared++;
        expect(sorted[n].price / sorted[n].amount).toBeLessThan(sorted[n - 1].price / sorted[n - 1].amount);
      }
    }
    expect(compared).toBeGreaterThan(0);
  });

  it('prices biochemicals by what they are: BSA by the hundred yuan per 10 g, an amino acid far below an enzyme', () => {
    const yuan = (name: string, pack: string, brand = 1, grade = '生化试剂') => referencePrice(name, pack, brand, grade);
    // 100 g of BSA: a domestic brand about ¥1,200, Sigma-Aldrich's factor about ¥4,000; never a car's price
    expect(yuan('牛血清白蛋白', '100g')).toBeGreaterThan(800);
    expect(yuan('牛血清白蛋白', '100g', 3.2)).toBeLessThan(6000);
    // per gram: glycine costs cents, proteinase K thousands
    expect(yuan('甘氨酸', '500g') / 500).toBeLessThan(0.5);
    expect(yuan('蛋白酶K', '100mg') * 10).toBeGreaterThan(2000);
  });

  it('sells cheap everyday reagents in larger numbers than expensive columns and instruments', async () => {
    const rows = await t.ctx.database.db.selectFrom('item').select(['price', 'sales']).execute();
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const cheap = rows.filter((r) => Number(r.price) < 100_00).map((r) => r.sales);
    const dear = rows.filter((r) => Number(r.price) > 2000_00).map((r) => r.sales);
    expect(cheap.length).toBeGreaterThan(10);
    expect(dear.length).toBeGreaterThan(5);
    expect(median(dear)).toBeLessThan(median(cheap));
    expect(Math.max(...dear)).toBeLessThan(500);
    expect(plausibleSales(20, 0.99)).toBeGreaterThan(1000);
  });
});
