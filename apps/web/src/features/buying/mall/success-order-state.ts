import type { CreatedOrderVO } from './api/order-api.ts';

export type SubOrderSummary = CreatedOrderVO['subOrders'][number];

export interface OrderSummary {
  orderId: number;
  orderNo: string;
  totalAmount: number;
  subOrders: Pick<SubOrderSummary, 'subNo' | 'supplierName' | 'totalAmount'>[];
}

/**
 * /successOrder carries the answer in router state; the query string repeats it so a reload
 * still shows the numbers: orderId, orderNo, total, and one `sub` per sub-order as subNo~amount~supplier.
 */
export function successOrderPath(order: CreatedOrderVO): string {
  const p = new URLSearchParams({ orderId: String(order.orderId), orderNo: order.orderNo, total: String(order.totalAmount) });
  for (const s of order.subOrders) p.append('sub', `${s.subNo}~${s.totalAmount}~${s.supplierName}`);
  return `/successOrder?${p.toString()}`;
}

function isCreatedOrder(v: unknown): v is CreatedOrderVO {
  const o = v as CreatedOrderVO | null;
  return !!o && typeof o.orderNo === 'string' && typeof o.totalAmount === 'number' && Array.isArray(o.subOrders);
}

/** The order to show: router state first, else the query string; null when neither holds one. */
export function readOrderSummary(state: unknown, params: URLSearchParams): OrderSummary | null {
  if (isCreatedOrder(state)) return state;
  const orderNo = params.get('orderNo');
  const total = Number(params.get('total'));
  if (!orderNo || !Number.isInteger(total)) return null;
  const subOrders = params.getAll('sub').flatMap((raw) => {
    const [subNo, amount, ...name] = raw.split('~');
    const totalAmount = Number(amount);
    return subNo && Number.isInteger(totalAmount) ? [{ subNo, totalAmount, supplierName: name.join('~') }] : [];
  });
  return { orderId: Number(params.get('orderId')) || 0, orderNo, totalAmount: total, subOrders };
}
