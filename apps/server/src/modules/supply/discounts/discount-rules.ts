import { rateLabel } from '@kc/contracts/supply/discounts';

/**
 * Which 协议价 rule prices an item for a buyer, and the price it gives. Pure, so the cart, the
 * checkout, the order and the item page agree, and tested on its own.
 */
export interface DiscountRule {
  id: number;
  supplier_id: number;
  /** null: every item of the supplier */
  item_id: number | null;
  /** the rule's department path ('/3/5/'), null for the whole institute */
  dept_path: string | null;
  rate: number | null;
  price: number | null;
}

export interface BuyerPrice {
  /** what the buyer pays per unit, fen */
  price: number;
  /** the item's list price, fen */
  listPrice: number;
  /** the rule applied, null when the list price stands */
  ruleId: number | null;
  /** 九二折 / 协议价, for the cart and the order line */
  note: string | null;
}

const depth = (path: string | null) => (path ? path.split('/').filter(Boolean).length : 0);

/**
 * Of the rules in force for the buyer's institute, those that reach the buyer's department and
 * the item, the most specific: a deeper department first (the institute counts as depth 0), then
 * one item over all items; a tie (two rules of the same reach) goes to the lower price.
 */
export function buyerPrice(
  item: { id: number; supplier_id: number; price: number },
  rules: readonly DiscountRule[],
  buyerDeptPath: string | null,
  /** the item's sale price in force today (促销, for every buyer), if any */
  salePrice: number | null = null,
): BuyerPrice {
  let best: { rule: DiscountRule; price: number; rank: [number, number] } | null = null;
  for (const r of rules) {
    if (r.supplier_id !== item.supplier_id) continue;
    if (r.item_id !== null && r.item_id !== item.id) continue;
    if (r.dept_path !== null && !(buyerDeptPath ?? '').startsWith(r.dept_path)) continue;
    const price = r.price ?? Math.round((item.price * (r.rate ?? 1000)) / 1000);
    const rank: [number, number] = [depth(r.dept_path), r.item_id === null ? 0 : 1];
    const better =
      !best || rank[0] > best.rank[0] || (rank[0] === best.rank[0] && (rank[1] > best.rank[1] || (rank[1] === best.rank[1] && price < best.price)));
    if (better) best = { rule: r, price, rank };
  }
  // a sale is an offer to everyone: the buyer pays whichever is lower, the sale or their 协议价
  if (salePrice !== null && salePrice < item.price && (!best || salePrice < best.price))
    return { price: salePrice, listPrice: item.price, ruleId: null, note: '促销价' };
  // a negotiated price above the list price is not charged: the list price is an offer to everyone
  if (!best || best.price >= item.price) return { price: item.price, listPrice: item.price, ruleId: null, note: null };
  return { price: best.price, listPrice: item.price, ruleId: best.rule.id, note: best.rule.rate !== null ? rateLabel(best.rule.rate) : '协议价' };
}
