import type { Executor } from '../../../platform/db/executor.ts';
import { buyerPrices } from '../../supply/discounts/index.ts';

/** Who is buying: their institute and department decide the 协议价 (null: list prices). */
export type Buyer = { instituteId: number | null; deptPath: string | null } | null;

/**
 * The mall's view of items: what a buyer can put in a cart and order, with the buyer's price (the
 * list price, or the 协议价 of the buyer's institute and department: `list_price` and `price_note`
 * say which), stock, supplier and brand. Reads the catalog tables. Whether the buyer may buy each
 * is the purchase-eligibility seam's answer (modules/buying/eligibility), asked by the callers.
 */
export async function purchasableItems(db: Executor, ids: number[], buyer: Buyer) {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('item')
    .innerJoin('supplier', 'supplier.id', 'item.supplier_id')
    .leftJoin('brand', 'brand.id', 'item.brand_id')
    .select([
      'item.id',
      'item.name',
      'item.spec',
      'item.cas',
      'item.catalog_no',
      'item.grade',
      'item.unit',
      'item.price',
      'item.stock',
      'item.images',
      'item.supply_areas',
      'item.on_shelf',
      'item.deleted',
      'item.hazard_dangerous',
      'item.hazard_precursor',
      'item.hazard_explosive',
      'item.hazard_toxic',
      'item.tax_rate',
      'item.supplier_id',
      'supplier.company_name as supplier_name',
      'supplier.status as supplier_status',
      'brand.name as brand_name',
    ])
    .where('item.id', 'in', ids)
    .execute();
  const prices = await buyerPrices(db, buyer, rows);
  return rows.map((r) => {
    const p = prices.get(r.id);
    return {
      ...r,
      price: p?.price ?? Number(r.price),
      list_price: Number(r.price),
      price_note: p?.note ?? null,
    };
  });
}

export type PurchasableItem = Awaited<ReturnType<typeof purchasableItems>>[number];

/** First image of an item (JSON array of urls), or null. */
export function firstImage(images: string): string | null {
  try {
    const arr = JSON.parse(images) as unknown;
    return Array.isArray(arr) && typeof arr[0] === 'string' ? arr[0] : null;
  } catch {
    return null;
  }
}
