import { hazardLabels } from '@kc/contracts/platform/hazard';
import { type FeeRule, subOrderFee } from '@kc/contracts/supply/delivery-fees';
import { firstProblem, type GateProblem } from '../../eligibility/index.ts';
import type { PurchasableItem } from '../../mall/index.ts';

export interface DraftLineInput {
  itemId: number;
  quantity: number;
  cartId: number | null;
}

/** A supplier's 运费模板 row (delivery-fees); a supplier without rows ships free. */
export type DeliveryRule = FeeRule & { supplier_id: number };

/**
 * Pure: the order confirmation from current prices, stock, supply areas and delivery rules.
 * Everything the client later submits is recomputed from this on the server; nothing is taken from it.
 */
export function computeDraft(
  lines: DraftLineInput[],
  items: Map<number, PurchasableItem>,
  rules: Map<number, DeliveryRule[]>,
  province: string | null,
  city: string | null = null,
  /** every purchase gate each item fails (modules/buying/eligibility), by item id */
  refusals: ReadonlyMap<number, GateProblem[]> = new Map(),
) {
  const groups = new Map<
    number,
    {
      supplierId: number;
      supplierName: string;
      lines: ReturnType<typeof line>[];
      goodsAmount: number;
      deliveryFee: number;
      freeAbove: number | null;
      hazardFee: number;
      feeRegion: string;
      totalAmount: number;
    }
  >();
  let canSubmit = lines.length > 0;
  let hasHazard = false;
  for (const l of lines) {
    const it = items.get(l.itemId);
    if (!it) {
      canSubmit = false;
      continue;
    }
    const ln = line(l, it, refusals.get(it.id));
    if (ln.problem || ln.outOfArea) canSubmit = false;
    if (ln.hazards.length) hasHazard = true;
    let g = groups.get(it.supplier_id);
    if (!g) {
      g = {
        supplierId: it.supplier_id,
        supplierName: it.supplier_name,
        lines: [],
        goodsAmount: 0,
        deliveryFee: 0,
        freeAbove: null,
        hazardFee: 0,
        feeRegion: '',
        totalAmount: 0,
      };
      groups.set(it.supplier_id, g);
    }
    g.lines.push(ln);
    g.goodsAmount += ln.amount;
  }
  const list = [...groups.values()];
  for (const g of list) {
    // by the delivery address: the most specific row, free from its threshold, the surcharge for hazardous goods
    const fee = subOrderFee(
      rules.get(g.supplierId) ?? [],
      province,
      city,
      g.goodsAmount,
      g.lines.some((l) => l.hazards.length > 0),
    );
    Object.assign(g, { deliveryFee: fee.deliveryFee, freeAbove: fee.freeAbove, hazardFee: fee.hazardFee, feeRegion: fee.region });
    g.totalAmount = g.goodsAmount + g.deliveryFee;
  }
  const goodsAmount = list.reduce((s, g) => s + g.goodsAmount, 0);
  const fee = list.reduce((s, g) => s + g.deliveryFee, 0);
  if (lines.length !== new Set(lines.map((l) => l.itemId)).size) canSubmit = false;
  return { groups: list, goodsAmount, deliveryFee: fee, totalAmount: goodsAmount + fee, hasHazard, canSubmit };
}

function line(l: DraftLineInput, it: PurchasableItem, refusals: GateProblem[] | undefined) {
  // the first purchase gate refused (the supply area is reported apart: another address may do), then stock
  let problem = firstProblem(refusals, ['supplyArea']);
  if (problem === null && it.stock < l.quantity) problem = it.stock > 0 ? `库存不足，当前库存 ${it.stock}${it.unit}` : '商品缺货';
  return {
    itemId: it.id,
    cartId: l.cartId,
    name: it.name,
    spec: it.spec,
    brand: it.brand_name,
    unit: it.unit,
    price: it.price,
    quantity: l.quantity,
    amount: it.price * l.quantity,
    hazards: hazardLabels(it),
    outOfArea: refusals?.some((r) => r.gate === 'supplyArea') ?? false,
    problem,
  };
}
