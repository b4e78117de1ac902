import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
});
