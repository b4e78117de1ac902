import { randomBytes } from 'node:crypto';
import { ApiSession } from './api-session.ts';
import { addAddress, findOrderableItem, type OrderableItem } from './order-setup.ts';

const PASSWORD = 'Demo@2026';

interface Detail {
  status: string;
  totalAmount: number;
  subOrders: { id: number; subNo: string; status: string; totalAmount: number }[];
}

export interface OrderOptions {
  /** charge the order to this 经费卡 (frozen at the final approval, drawn when claimed or paid) */
  grantCardId?: number;
  /** only items of this demo supplier account (supplier1 国药, supplier2 阿拉丁, supplier3 麦克林) */
  supplierUser?: string;
}

export interface PlacedOrder {
  orderId: number;
  orderNo: string;
  totalAmount: number;
  item: OrderableItem;
  supplierUser: string;
  buyer: ApiSession;
}

/** An order of buyer1 worth at least `minFen`, placed through the API and waiting for its approvals. */
export async function placedOrder(baseUrl: string, minFen: number, opts: OrderOptions = {}): Promise<PlacedOrder> {
  const buyer = await ApiSession.login(baseUrl, 'buyer1', PASSWORD);
  const { item, quantity } = await findOrderableItem(buyer, minFen, '北京市', opts.supplierUser);
  const address = await addAddress(buyer);
  const placed = await buyer.post<{ orderId: number; orderNo: string; totalAmount: number }>('/mall/v1/order/create', {
    direct: { itemId: item.id, quantity },
    addressId: address.id,
    idempotencyKey: randomBytes(8).toString('hex'),
    ...(opts.grantCardId === undefined ? {} : { grantCardId: opts.grantCardId }),
  });
  return { orderId: placed.orderId, orderNo: placed.orderNo, totalAmount: placed.totalAmount, item, supplierUser: item.supplierUser, buyer };
}

/**
 * Takes a placed order through the API to the checker's acceptance: the approvals still open
 * (a test may have passed some in the browser), supplier confirm and ship, buyer receipt, checker
 * acceptance. Answers the order and its one sub-order.
 */
export async function fulfilOrder(baseUrl: string, order: PlacedOrder) {
  const { buyer, orderId } = order;
  const detail = () => buyer.get<Detail>(`/mall/v1/order-detail/${orderId}`);
  for (const [status, user, step] of [
    ['pending_team', 'leader1', 'team'],
    ['pending_institute', 'owner1', 'institute'],
  ] as const) {
    if ((await detail()).status !== status) continue;
    const approver = await ApiSession.login(baseUrl, user, PASSWORD);
    await approver.post(`/mall/v1/order-caas/${step}/pass`, { ids: [orderId] });
  }
  const sub = (await detail()).subOrders[0];
  const supplier = await ApiSession.login(baseUrl, order.supplierUser, PASSWORD);
  await supplier.post('/supplier/v1/order/confirm', { subOrderId: sub.id });
  const [channel] = await supplier.get<{ id: number }[]>('/mall/v1/expChannel/list');
  await supplier.post('/supplier/v1/order/deliver', { subOrderId: sub.id, expressChannelId: channel.id, trackingNo: `SF${Date.now()}` });
  await buyer.post('/mall/v1/order-caas/buyer/arrived', { subOrderId: sub.id });
  const after = (await detail()).subOrders[0];
  if (after.status === 'arrived') {
    const checker = await ApiSession.login(baseUrl, 'checker1', PASSWORD);
    await checker.post('/mall/v1/order-caas/checker/accept', { subOrderId: sub.id });
  }
  const done = (await detail()).subOrders[0];
  if (done.status !== 'completed') throw new Error(`sub-order ${done.subNo} stopped at ${done.status}`);
  return { ...order, subOrder: done };
}

/**
 * An order of buyer1 taken through the API to the checker's acceptance (approvals as the chain
 * asks, supplier confirm and ship, buyer receipt, checker acceptance): what the finance flows start
 * from. Answers the order and its one sub-order.
 */
export async function acceptedOrder(baseUrl: string, minFen: number, opts: OrderOptions = {}) {
  return fulfilOrder(baseUrl, await placedOrder(baseUrl, minFen, opts));
}
