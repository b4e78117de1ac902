import type { Insertable, Transaction } from 'kysely';
import type { DB, ItemTable } from '../../../../platform/db/schema.ts';

/**
 * An awarded bid becomes an ordinary order (modules/bids). Its lines are not catalogue items, but
 * every order line names an item (order_line.item_id is NOT NULL and orders, invoices, claims and
 * statements join through it), so each awarded line is written as a placeholder item of the winning
 * supplier: deleted = 2 ("never a catalogue item" — searches and shop pages read deleted = 0, the
 * supplier's recycle bin deleted = 1), off the shelf, no stock, no search tokens. The order then
 * runs through the approval chain, grant card, notices and moves like any other order.
 */
export interface AwardedOrderInput {
  /** the bid project's number: the order's idempotency key and the placeholder items' product key */
  projectNo: string;
  round: number;
  institute: { instituteId: number; deptId: number; teamId: number | null };
  address: { province: string; city: string; district: string; detail: string; contact: string; phone: string };
  supplierId: number;
  lines: { lineNo: number; name: string; spec: string; cas: string | null; unit: string; quantity: number; unitPrice: number }[];
  remark: string;
  grantCardId?: number;
  /** the budget line of that card (left out: the default line of 商品分类对应预算科目, or the card's only line) */
  budgetLineId?: number;
}

/** deleted = 2: an awarded bid's line (see above). */
export const AWARDED_LINE_ITEM = 2;

export async function placeholderItems(trx: Transaction<DB>, a: AwardedOrderInput, at: string) {
  const ids = new Map<number, number>();
  for (const l of a.lines) {
    const row: Insertable<ItemTable> = {
      supplier_id: a.supplierId,
      name: l.name,
      name_en: null,
      cas: l.cas,
      brand_id: null,
      catalog_no: `${a.projectNo}-${l.lineNo}`,
      spec: l.spec,
      pack_amount: null,
      pack_unit: null,
      grade: null,
      unit: l.unit,
      price: l.unitPrice,
      stock: 0,
      category_id: null,
      section_id: null,
      images: '[]',
      hazard_dangerous: 0,
      hazard_precursor: 0,
      hazard_explosive: 0,
      hazard_toxic: 0,
      supply_areas: '',
      on_shelf: 0,
      deleted: AWARDED_LINE_ITEM,
      deleted_at: null,
      lead_days: null,
      sales: 0,
      product_key: `bid:${a.projectNo}:${a.round}:${l.lineNo}`,
      tokens: '',
      version: 1,
      created_at: at,
      updated_at: at,
    };
    const { id } = await trx.insertInto('item').values(row).returning('id').executeTakeFirstOrThrow();
    ids.set(l.lineNo, id);
  }
  return ids;
}
