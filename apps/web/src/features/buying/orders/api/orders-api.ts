import type { BatchResult, OrderDetail, OrderListParams, OrderListRole, OrderLogVO, OrderVO } from '@kc/contracts/buying/orders';
import type { Page } from '@kc/contracts/platform/common';
import { api } from '../../../../lib/api-client.ts';

const LIST_PATH: Record<OrderListRole, string> = {
  buyer: '/mall/v1/order-caas/buyer/page',
  card: '/mall/v1/order-caas/card/page',
  team: '/mall/v1/order-caas/team/page',
  institute: '/mall/v1/order-caas/institute/page',
  checker: '/mall/v1/order-caas/checker/page',
  finance: '/mall/v1/order-caas/finance/page',
  admin: '/mall/v1/order-supplier/admin/all',
};

/** 我的订单 GET /mall/v1/order-caas/buyer/page */
export function getBuyerOrders(q: OrderListParams): Promise<Page<OrderVO>> {
  return api.get<Page<OrderVO>>(LIST_PATH.buyer, { ...q });
}

/** 经费卡负责人：他人代付订单 GET /mall/v1/order-caas/card/page */
export function getCardOrders(q: OrderListParams): Promise<Page<OrderVO>> {
  return api.get<Page<OrderVO>>(LIST_PATH.card, { ...q });
}

/** 课题组长待审批/已处理订单 GET /mall/v1/order-caas/team/page */
export function getTeamOrders(q: OrderListParams): Promise<Page<OrderVO>> {
  return api.get<Page<OrderVO>>(LIST_PATH.team, { ...q });
}

/** 研究所待审批/已处理订单 GET /mall/v1/order-caas/institute/page */
export function getInstituteOrders(q: OrderListParams): Promise<Page<OrderVO>> {
  return api.get<Page<OrderVO>>(LIST_PATH.institute, { ...q });
}

/** 验收人待验收/已处理订单 GET /mall/v1/order-caas/checker/page */
export function getCheckerOrders(q: OrderListParams): Promise<Page<OrderVO>> {
  return api.get<Page<OrderVO>>(LIST_PATH.checker, { ...q });
}

/** 财务：本所订单 GET /mall/v1/order-caas/finance/page */
export function getFinanceOrders(q: OrderListParams): Promise<Page<OrderVO>> {
  return api.get<Page<OrderVO>>(LIST_PATH.finance, { ...q });
}

/** 平台：全部订单 GET /mall/v1/order-supplier/admin/all */
export function getAllOrders(q: OrderListParams): Promise<Page<OrderVO>> {
  return api.get<Page<OrderVO>>(LIST_PATH.admin, { ...q });
}

export const ORDER_LISTS: Record<OrderListRole, (q: OrderListParams) => Promise<Page<OrderVO>>> = {
  buyer: getBuyerOrders,
  card: getCardOrders,
  team: getTeamOrders,
  institute: getInstituteOrders,
  checker: getCheckerOrders,
  finance: getFinanceOrders,
  admin: getAllOrders,
};

/** 订单详情（明细、子订单、审批与物流时间线） GET /mall/v1/order-detail/{id} */
export function getOrderDetail(id: number): Promise<OrderDetail> {
  return api.get<OrderDetail>(`/mall/v1/order-detail/${id}`);
}

/** 经费卡负责人同意他人代付（可批量） POST /mall/v1/order-caas/card/pass */
export function cardPass(ids: number[], overrideReason?: string): Promise<BatchResult[]> {
  return api.post<BatchResult[]>('/mall/v1/order-caas/card/pass', overrideReason ? { ids, overrideReason } : { ids });
}

/** 经费卡负责人拒绝他人代付（可批量） POST /mall/v1/order-caas/card/refuse */
export function cardRefuse(ids: number[], reason: string): Promise<BatchResult[]> {
  return api.post<BatchResult[]>('/mall/v1/order-caas/card/refuse', { ids, reason });
}

/** 课题组长审批通过（可批量；overrideReason：超支禁止的经费卡余额不足时的超支原因） POST /mall/v1/order-caas/team/pass */
export function teamPass(ids: number[], overrideReason?: string): Promise<BatchResult[]> {
  return api.post<BatchResult[]>('/mall/v1/order-caas/team/pass', overrideReason ? { ids, overrideReason } : { ids });
}

/** 课题组长审批驳回（可批量） POST /mall/v1/order-caas/team/refuse */
export function teamRefuse(ids: number[], reason: string): Promise<BatchResult[]> {
  return api.post<BatchResult[]>('/mall/v1/order-caas/team/refuse', { ids, reason });
}

/** 研究所审批通过（可批量；overrideReason：超支禁止的经费卡余额不足时的超支原因） POST /mall/v1/order-caas/institute/pass */
export function institutePass(ids: number[], overrideReason?: string): Promise<BatchResult[]> {
  return api.post<BatchResult[]>('/mall/v1/order-caas/institute/pass', overrideReason ? { ids, overrideReason } : { ids });
}

/** 研究所审批驳回（可批量） POST /mall/v1/order-caas/institute/refuse */
export function instituteRefuse(ids: number[], reason: string): Promise<BatchResult[]> {
  return api.post<BatchResult[]>('/mall/v1/order-caas/institute/refuse', { ids, reason });
}

/** 取消订单（审批中） POST /mall/v1/order-caas/buyer/cancel */
export function cancelOrder(id: number, reason?: string): Promise<null> {
  return api.post<null>('/mall/v1/order-caas/buyer/cancel', reason ? { id, reason } : { id });
}

/** 确认到货 POST /mall/v1/order-caas/buyer/arrived */
export function confirmArrival(subOrderId: number): Promise<null> {
  return api.post<null>('/mall/v1/order-caas/buyer/arrived', { subOrderId });
}

/** 申请退款 POST /mall/v1/order-caas/buyer/refund */
export function applyRefund(subOrderId: number, reason: string): Promise<null> {
  return api.post<null>('/mall/v1/order-caas/buyer/refund', { subOrderId, reason });
}

/** 验收通过 POST /mall/v1/order-caas/checker/accept */
export function checkerAccept(subOrderId: number): Promise<null> {
  return api.post<null>('/mall/v1/order-caas/checker/accept', { subOrderId });
}

/** 验收不通过 POST /mall/v1/order-caas/checker/reject */
export function checkerReject(subOrderId: number, reason: string): Promise<null> {
  return api.post<null>('/mall/v1/order-caas/checker/reject', { subOrderId, reason });
}

/** 平台终止订单 POST /mall/v1/order-supplier/admin/stopOrder */
export function stopOrder(id: number, reason: string): Promise<null> {
  return api.post<null>('/mall/v1/order-supplier/admin/stopOrder', { id, reason });
}

/** 订单日志 GET /supplier/v1/orderLog/listByOrderId/{orderId} */
export function getOrderLogs(orderId: number): Promise<OrderLogVO[]> {
  return api.get<OrderLogVO[]>(`/supplier/v1/orderLog/listByOrderId/${orderId}`);
}
