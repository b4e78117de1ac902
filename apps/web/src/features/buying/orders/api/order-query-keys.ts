import type { OrderListParams, OrderListRole } from '@kc/contracts/buying/orders';

/** TanStack Query keys of the order pages; invalidating `all` refreshes every list, detail and the bell. */
export const orderKeys = {
  all: ['orders'] as const,
  list: (role: OrderListRole, q: OrderListParams) => ['orders', 'list', role, q] as const,
  /** a list page's head: its request is appended (= list(role, request)); 'approve' is the approver's tabs (team, institute, card) */
  lists: (role: OrderListRole | 'approve') => ['orders', 'list', role] as const,
  detail: (id: number) => ['orders', 'detail', id] as const,
  logs: (orderId: number) => ['orders', 'logs', orderId] as const,
  messages: ['orders', 'messages'] as const,
  /** a supplier's sub-order found by number (the print page) */
  bySubNo: (subNo: string | null) => ['supplierOrders', 'bySubNo', subNo] as const,
  supplierLists: ['supplierOrders', 'list'] as const,
  /** 快递渠道 (the platform's list) */
  expressChannels: ['mall', 'expChannel'] as const,
};
