import type { FavoriteVO as FavoriteSchema } from '@kc/contracts/buying/mall';
import type { Page } from '@kc/contracts/platform/common';
import type { z } from 'zod';
import { api } from '../../../../lib/api-client.ts';

export type FavoriteVO = z.infer<typeof FavoriteSchema>;

/** 我的收藏（分页，可按名称或 CAS 号搜索） GET /mall/v1/favorite/page */
export function getFavoritePage(current: number, size: number, keyword: string): Promise<Page<FavoriteVO>> {
  return api.get<Page<FavoriteVO>>('/mall/v1/favorite/page', { current, size, keyword });
}

/** 商品是否已收藏 GET /mall/v1/favorite/status */
export function getFavoriteStatus(itemId: number): Promise<{ favorited: boolean }> {
  return api.get<{ favorited: boolean }>('/mall/v1/favorite/status', { itemId });
}

/** 收藏商品 POST /mall/v1/favorite/add */
export function addFavorite(itemId: number): Promise<{ favorited: boolean }> {
  return api.post<{ favorited: boolean }>('/mall/v1/favorite/add', { itemId });
}

/** 取消收藏（可批量） POST /mall/v1/favorite/delByItemIds */
export function deleteFavorites(itemIds: number[]): Promise<{ count: number }> {
  return api.post<{ count: number }>('/mall/v1/favorite/delByItemIds', { itemIds });
}
