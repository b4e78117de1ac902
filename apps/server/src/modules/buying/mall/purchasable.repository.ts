import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../../platform/db/schema.ts';
import { buyerPrices } from '../../supply/discounts/index.ts';
import { qualificationProblems } from '../../supply/qualifications/index.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** Who is buying: their institute and department decide the 协议价 (null: list prices). */
export type Buyer = { instituteId: number | null; deptPath: string | null } | null;

/**
 * The mall's view of items: what a buyer can put in a cart and order, with the buyer's price (the
 * list price, or the 协议价 of the buyer's institute and department: `list_price` and `price_note`
 * say which), stock, supplier and brand. Reads the catalog tables; writes only stock and sales (by
 * conditional update).
 */
export async function purchasableItems(db: Db, ids: number[], buyer: Buyer) {
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
  // why an item cannot be bought today for want of a supplier qualification (资质), null when it can
  const unqualified = await qualificationProblems(db, rows);
  const prices = await buyerPrices(db, buyer, rows);
  return rows.map((r) => {
    const p = prices.get(r.id);
    return {
      ...r,
      price: p?.price ?? Number(r.price),
      list_price: Number(r.price),
      price_note: p?.note ?? null,
      qualification_problem: unqualified.get(r.id) ?? null,
    };
  });
}

export type PurchasableItem = Awaited<ReturnType<typeof purchasableItems>>[number];

export const isAvailable = (i: PurchasableItem) => i.on_shelf === 1 && i.deleted === 0 && i.supplier_status === 1;

/** First image of an item (JSON array of urls), or null. */
export function firstImage(images: string): string | null {
  try {
    const arr = JSON.parse(images) as unknown;
    return Array.isArray(arr) && typeof arr[0] === 'string' ? arr[0] : null;
  } catch {
    return null;
  }
}

/**
 * Whether an item may be delivered to a province. Areas hold province names without suffix
 * ('上海', '江苏'); an address may say '上海市' or '江苏省', so compare by prefix.
 */
export function suppliesTo(supplyAreas: string, province: string): boolean {
  if (supplyAreas.trim() === '') return true;
  return supplyAreas
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean)
    .some((a) => province.startsWith(a) || a.startsWith(province));
}
