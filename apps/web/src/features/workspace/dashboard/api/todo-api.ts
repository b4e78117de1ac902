import type { OrderVO, SupplierOrderPage } from '@kc/contracts/buying/orders';
import type { Page } from '@kc/contracts/platform/common';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../../lib/api-client.ts';
import { dashboardKeys } from './dashboard-query-keys.ts';

/**
 * A dashboard count is the total of the list it links to, asked from that list's own call with one
 * row per page: the number and the list can never disagree, and the scope is the list's.
 */
export interface TodoSource {
  /** the list call */
  path: string;
  /** the list's filter, as the list page sends it */
  query: Record<string, string>;
}

async function total(source: TodoSource): Promise<number> {
  return (await api.get<Page<unknown>>(source.path, { ...source.query, current: 1, size: 1 })).total;
}

export function useTodoCount(source: TodoSource, enabled: boolean) {
  return useQuery({ queryKey: dashboardKeys.todo(source.path, source.query), queryFn: () => total(source), enabled, staleTime: 30_000 });
}

/** The buyer's five latest orders. */
export function useRecentOrders(enabled: boolean) {
  return useQuery({
    queryKey: dashboardKeys.recent,
    queryFn: () => api.get<Page<OrderVO>>('/mall/v1/order-caas/buyer/page', { current: 1, size: 5 }),
    enabled,
    staleTime: 30_000,
  });
}

/** The first day of this month in Shanghai (YYYY-MM-DD), for the supplier's monthly figures. */
export function monthStart(now = new Date()): string {
  const shanghai = new Date(now.getTime() + 8 * 3_600_000);
  return `${shanghai.getUTCFullYear()}-${String(shanghai.getUTCMonth() + 1).padStart(2, '0')}-01`;
}

/** This month's sub-orders of the supplier: count and amount (the server sums every matching sub-order). */
export function useSupplierMonth() {
  return useQuery({
    queryKey: dashboardKeys.supplierMonth(monthStart()),
    queryFn: () => api.get<z.infer<typeof SupplierOrderPage>>('/supplier/v1/order/page', { dateFrom: monthStart(), current: 1, size: 1 }),
    staleTime: 30_000,
  });
}
