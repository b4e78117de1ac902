import type { DeliverInput, ExpressChannel, OrderListParams, SupplierSubOrder } from '@kc/contracts/buying/orders';
import type { Page } from '@kc/contracts/platform/common';
import { api } from '../../../../lib/api-client.ts';

/** The list's row type, kept here for the supplier pages. */
export type { SupplierSubOrder };

/** 供应商子订单列表 GET /supplier/v1/order/page */
export function getSupplierOrders(q: OrderListParams): Promise<Page<SupplierSubOrder>> {
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
