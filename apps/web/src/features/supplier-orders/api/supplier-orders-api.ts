import { api } from '../../../lib/api-client.ts';
import type { OrderLine, OrderListQuery, Page } from '../../orders/api/order-types.ts';

/** A supplier's sub-order as its list answers it. */
export interface SupplierSubOrder {
  id: number;
  orderId?: number;
  subNo: string;
  orderNo: string;
  status: string;
  statusText: string;
  goodsAmount: number;
  deliveryFee: number;
  totalAmount: number;
  remark: string | null;
  flags: string[];
  createdAt: string;
  receiver: { contact: string; phone: string; address: string };
  lines: OrderLine[];
}

export interface ExpressChannel {
  id: number;
  name: string;
  code: string;
}

export interface DeliverInput {
  subOrderId: number;
  expressChannelId: number;
  trackingNo: string;
  /** omitted: everything still undelivered ships */
  lines?: { lineId: number; quantity: number }[];
}

/** 供应商子订单列表 GET /supplier/v1/order/page */
export function getSupplierOrders(q: OrderListQuery): Promise<Page<SupplierSubOrder>> {
  return api.get<Page<SupplierSubOrder>>('/supplier/v1/order/page', { ...q });
}

/** 确认接单 POST /supplier/v1/order/confirm */
export function confirmSubOrder(subOrderId: number): Promise<null> {
  return api.post<null>('/supplier/v1/order/confirm', { subOrderId });
}

/** 拒绝接单 POST /supplier/v1/order/refuse */
export function refuseSubOrder(subOrderId: number, reason: string): Promise<null> {
  return api.post<null>('/supplier/v1/order/refuse', { subOrderId, reason });
}

/** 发货（可部分发货） POST /supplier/v1/order/deliver */
export function deliverSubOrder(body: DeliverInput): Promise<null> {
  return api.post<null>('/supplier/v1/order/deliver', body);
}

/** 同意退款 POST /supplier/v1/order/refundConfirm */
export function confirmRefund(subOrderId: number): Promise<null> {
  return api.post<null>('/supplier/v1/order/refundConfirm', { subOrderId });
}

/** 修改订单标记 POST /supplier/v1/order/modifyOrderFlag */
export function modifyOrderFlag(subOrderId: number, flags: string[]): Promise<null> {
  return api.post<null>('/supplier/v1/order/modifyOrderFlag', { subOrderId, flags });
}

/** 快递渠道（启用的） GET /mall/v1/expChannel/list */
export function getExpressChannels(): Promise<ExpressChannel[]> {
  return api.get<ExpressChannel[]>('/mall/v1/expChannel/list');
}
