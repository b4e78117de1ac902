import { hazardLabels } from '@kc/contracts/platform/hazard';
import type { PurchasableItem } from '../../mall/index.ts';
import type { computeDraft } from './order-draft.ts';
import type { SubOrderToInsert } from './order-insertion.ts';

type DraftGroup = ReturnType<typeof computeDraft>['groups'][number];

/**
 * Pure: the sub-orders of a cart or 立即购买 order as the one insertion writes them, one per
 * supplier group of the draft, with the budget line chosen for it and the buyer's remark.
 */
export function subOrdersToInsert(
  groups: DraftGroup[],
  items: Map<number, PurchasableItem>,
  /** budget line by supplier id (null: the order charges no card) */
  lineOf: Map<number, number | null> | null,
  /** the buyer's remark by supplier id */
  remarks: Record<string, string>,
): SubOrderToInsert[] {
  return groups.map((g) => ({
    supplierId: g.supplierId,
    supplierName: g.supplierName,
    goodsAmount: g.goodsAmount,
    deliveryFee: g.deliveryFee,
    hazardFee: g.hazardFee,
    feeRegion: g.feeRegion,
    totalAmount: g.totalAmount,
    budgetLineId: lineOf?.get(g.supplierId) ?? null,
    remark: remarks[String(g.supplierId)] ?? null,
    lines: g.lines.map((l) => orderLineOf(items.get(l.itemId)!, l)),
  }));
}

/** One order line: the line keeps its own copy of the item as priced now (names, price, hazards, tax rate). */
function orderLineOf(it: PurchasableItem, l: DraftGroup['lines'][number]): SubOrderToInsert['lines'][number] {
  return {
    item_id: l.itemId,
    name: it.name,
    spec: it.spec,
    brand: it.brand_name,
    cas: it.cas,
    catalog_no: it.catalog_no,
    grade: it.grade,
    unit: it.unit,
    unit_price: it.price,
    // a 协议价 keeps the list price and the rule beside the price charged
    list_price: it.price_note ? it.list_price : null,
    price_note: it.price_note,
    quantity: l.quantity,
    amount: l.amount,
    hazard: hazardLabels(it).join(','),
    tax_rate: it.tax_rate,
    delivered_qty: 0,
  };
}
