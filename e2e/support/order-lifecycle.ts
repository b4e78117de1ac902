import { randomBytes } from 'node:crypto';
import { ApiSession } from './api-session.ts';
import { addAddress, findOrderableItem } from './order-setup.ts';

const PASSWORD = 'Demo@2026';

interface Detail {
  status: string;
  subOrders: { id: number; subNo: string; status: string; totalAmount: number }[];
}

/**
 * An order of buyer1 taken through the API to the checker's acceptance (approvals as the chain
 * asks, supplier confirm and ship, buyer receipt, checker acceptance): what the finance flows start
 * from. Answers the order and its one sub-order.
 */
export async function acceptedOrder(baseUrl: string, minFen: number) {
  const buyer = await ApiSession.login(baseUrl, 'buyer1', PASSWORD);
  const { item, quantity } = await findOrderableItem(buyer, minFen, '北京市');
  const address = await addAddress(buyer);
  const placed = await buyer.post<{ orderId: number; orderNo: string }>('/mall/v1/order/create', {
    direct: { itemId: item.id, quantity },
    addressId: address.id,
    idempotencyKey: randomBytes(8).toString('hex'),
  });
  const detail = () => buyer.get<Detail>(`/mall/v1/order-detail/${placed.orderId}`);
  for (const [status, user, step] of [
    ['pending_team', 'leader1', 'team'],
    ['pending_institute', 'owner1', 'institute'],
  ] as const) {
    if ((await detail()).status !== status) continue;
    const approver = await ApiSession.login(baseUrl, user, PASSWORD);
    await approver.post(`/mall/v1/order-caas/${step}/pass`, { ids: [placed.orderId] });
  }
  const sub = (await detail()).subOrders[0];
  const supplier = await ApiSession.login(baseUrl, item.supplierUser, PASSWORD);
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
  return { orderId: placed.orderId, orderNo: placed.orderNo, subOrder: done, item, supplierUser: item.supplierUser, buyer };
}
