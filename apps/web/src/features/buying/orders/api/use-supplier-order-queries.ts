import type { OrderListParams } from '@kc/contracts/buying/orders';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { orderKeys } from './order-query-keys.ts';
import { getExpressChannels, getSupplierOrders } from './supplier-orders-api.ts';

export const supplierOrderKeys = {
  all: ['supplierOrders'] as const,
  list: (q: OrderListParams) => ['supplierOrders', 'list', q] as const,
  channels: ['supplierOrders', 'expressChannels'] as const,
};

export function useSupplierOrders(q: OrderListParams) {
  return useQuery({ queryKey: supplierOrderKeys.list(q), queryFn: () => getSupplierOrders(q), placeholderData: keepPreviousData, staleTime: 0 });
}

export function useExpressChannels(enabled = true) {
  return useQuery({ queryKey: supplierOrderKeys.channels, queryFn: getExpressChannels, enabled, staleTime: 10 * 60_000 });
}

/** A supplier move: success or conflict (40009), the list, the order details and the logs are refreshed. */
export function useSupplierMove<V, R>(fn: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: async () => {
      await Promise.all([client.invalidateQueries({ queryKey: supplierOrderKeys.all }), client.invalidateQueries({ queryKey: orderKeys.all })]);
    },
  });
}
