import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { feedback } from '../../../../lib/feedback.ts';
import { useIsShopper } from '../shopper.ts';
import {
  addCartItem,
  deleteCartItem,
  deleteCartItems,
  getCartItems,
  getCartNum,
  getCartSumMoney,
  modifyCartItemNum,
  moveCartItemsToFavorites,
} from './cart-api.ts';
import { mallKeys } from './mall-query-keys.ts';

/** The header's cart badge (kinds of items in the cart). */
export function useCartCount() {
  return useQuery({ queryKey: mallKeys.cartNum, queryFn: getCartNum, enabled: useIsShopper(), select: (d) => d.count });
}

export function useCartItems() {
  return useQuery({ queryKey: mallKeys.cartItems, queryFn: getCartItems, staleTime: 0 });
}

/** Total of the chosen lines at current prices (computed by the server). */
export function useCartSum(ids: number[]) {
  return useQuery({
    queryKey: mallKeys.cartSum(ids),
    queryFn: () => getCartSumMoney(ids),
    enabled: ids.length > 0,
    staleTime: 0,
    placeholderData: (prev) => prev,
  });
}

/** Everything that shows the cart (badge, lines, sums) reloads after a change. */
function useCartChanged() {
  const client = useQueryClient();
  return (count?: number) => {
    if (count !== undefined) client.setQueryData(mallKeys.cartNum, { count });
    return client.invalidateQueries({ queryKey: mallKeys.cart });
  };
}

export function useAddToCart() {
  const changed = useCartChanged();
  return useMutation({
    mutationFn: addCartItem,
    onSuccess: async (answer) => {
      feedback.success('已加入购物车');
      await changed(answer.count);
    },
  });
}

export function useModifyCartNum() {
  const changed = useCartChanged();
  return useMutation({ mutationFn: modifyCartItemNum, onSettled: () => changed() });
}

export function useDeleteCartItems() {
  const changed = useCartChanged();
  return useMutation({
    mutationFn: (ids: number[]) => (ids.length === 1 ? deleteCartItem(ids[0]) : deleteCartItems(ids)),
    onSuccess: async (answer) => {
      feedback.success('已删除');
      await changed(answer.count);
    },
  });
}

export function useMoveToFavorites() {
  const changed = useCartChanged();
  const client = useQueryClient();
  return useMutation({
    mutationFn: moveCartItemsToFavorites,
    onSuccess: async (answer) => {
      feedback.success('已移入收藏');
      await Promise.all([changed(answer.count), client.invalidateQueries({ queryKey: mallKeys.favorites })]);
    },
  });
}
