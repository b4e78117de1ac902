import type { ItemReviews } from '@kc/contracts/buying/comments';
import { api } from '../../../../lib/api-client.ts';

export type { ItemReviews };

/** 商品详情的评价 GET /mall/v1/comment/item/{itemId} (the visible comments of an item and its averages) */
export const getItemReviews = (itemId: number, current: number, size: number): Promise<ItemReviews> =>
  api.get(`/mall/v1/comment/item/${itemId}`, { current, size });
