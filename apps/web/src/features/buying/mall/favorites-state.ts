import type { FavoriteVO } from './api/favorite-api.ts';

type Fav = Pick<FavoriteVO, 'state' | 'stock'>;

/** The mark a favourite carries in 我的收藏: what stops it being bought now, if anything. */
export function favoriteFlag(f: Fav): { label: string; color: string } | null {
  if (f.state === 'deleted') return { label: '已删除', color: 'default' };
  if (f.state === 'offShelf') return { label: '已下架', color: 'default' };
  if (f.stock <= 0) return { label: '缺货', color: 'red' };
  return null;
}

/** On the shelf and in stock: 加入购物车 is offered. */
export const canAddToCart = (f: Fav) => f.state === 'onShelf' && f.stock > 0;

/** Only items still on the shelf have a page to open (others would land on 商品已下架). */
export const hasItemPage = (f: Pick<FavoriteVO, 'state'>) => f.state === 'onShelf';
