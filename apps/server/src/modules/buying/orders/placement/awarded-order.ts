/**
 * An awarded bid becomes an ordinary order (modules/bids). Its lines are not catalogue items, but
 * every order line names an item (order_line.item_id is NOT NULL and orders, invoices, claims and
 * statements join through it), so each awarded line is written as a placeholder item of the winning
 * supplier, made by the catalog's stock ledger (supply/catalog/item-stock-ledger.ts, `placeholders`). The order then
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
