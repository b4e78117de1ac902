import type { CartVO as CartSchema } from '@kc/contracts/buying/mall';
import type { z } from 'zod';
import { api } from '../../../../lib/api-client.ts';

export type CartVO = z.infer<typeof CartSchema>;
export type CartGroup = CartVO['groups'][number];
export type CartLine = CartGroup['lines'][number];
export interface CartMoney {
  amount: number;
  count: number;
}

/** 加入购物车 POST /mall/v1/cart/add */
export function addCartItem(body: { itemId: number; quantity: number }): Promise<{ count: number }> {
  return api.post<{ count: number }>('/mall/v1/cart/add', body);
}

/** 购物车商品（按供应商分组） GET /mall/v1/cart/items */
export function getCartItems(): Promise<CartVO> {
  return api.get<CartVO>('/mall/v1/cart/items');
}

/** 购物车商品种数 GET /mall/v1/cart/num */
export function getCartNum(): Promise<{ count: number }> {
  return api.get<{ count: number }>('/mall/v1/cart/num');
}

/** 所选商品合计金额 GET /mall/v1/cart/sumMoney */
export function getCartSumMoney(ids: number[]): Promise<CartMoney> {
  return api.get<CartMoney>('/mall/v1/cart/sumMoney', { ids: ids.join(',') });
}

/** 修改购物车商品数量 POST /mall/v1/cart/modifyItemNum */
export function modifyCartItemNum(body: { id: number; quantity: number }): Promise<CartMoney> {
  return api.post<CartMoney>('/mall/v1/cart/modifyItemNum', body);
}

/** 删除购物车商品 DELETE /mall/v1/cart/delItem/{id} */
export function deleteCartItem(id: number): Promise<{ count: number }> {
  return api.delete<{ count: number }>(`/mall/v1/cart/delItem/${id}`);
}

/** 批量删除购物车商品 POST /mall/v1/cart/delByIds */
export function deleteCartItems(ids: number[]): Promise<{ count: number }> {
  return api.post<{ count: number }>('/mall/v1/cart/delByIds', { ids });
}

/** 移入收藏 POST /mall/v1/cart/addMyCollection */
export function moveCartItemsToFavorites(ids: number[]): Promise<{ count: number }> {
  return api.post<{ count: number }>('/mall/v1/cart/addMyCollection', { ids });
}
