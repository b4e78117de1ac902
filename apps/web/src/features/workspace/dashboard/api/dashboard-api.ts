import { useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client.ts';
import { dashboardKeys } from './dashboard-query-keys.ts';

/** 购物车商品种数 GET /mall/v1/cart/num */
export function getCartNum(): Promise<{ count: number }> {
  return api.get<{ count: number }>('/mall/v1/cart/num');
}

/** The cart count; shares the mall's query key so adding to the cart refreshes it. Only for buyers who may buy. */
export function useCartCount(enabled: boolean) {
  return useQuery({ queryKey: dashboardKeys.cartNum, queryFn: getCartNum, enabled, select: (d) => d.count });
}
