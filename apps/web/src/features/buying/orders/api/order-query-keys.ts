import type { OrderListParams, OrderListRole } from '@kc/contracts/buying/orders';

/** TanStack Query keys of the order pages; invalidating `all` refreshes every list, detail and the bell. */
export const orderKeys = {
  all: ['orders'] as const,
  list: (role: OrderListRole, q: OrderListParams) => ['orders', 'list', role, q] as const,
  detail: (id: number) => ['orders', 'detail', id] as const,
  logs: (orderId: number) => ['orders', 'logs', orderId] as const,
  messages: ['orders', 'messages'] as const,
};
