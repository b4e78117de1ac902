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

/**
 * The page to show after removing favourites: the same one unless it no longer exists (the last
 * page emptied), then the new last page.
 */
export function pageAfterRemoval(current: number, size: number, total: number, removed: number): number {
  const last = Math.max(1, Math.ceil(Math.max(0, total - removed) / size));
  return Math.min(current, last);
}

/** The selection kept after the list reloads: chosen ids that are still listed. */
export function keepListed(selected: readonly number[], listed: readonly Pick<FavoriteVO, 'itemId'>[]): number[] {
  const ids = new Set(listed.map((f) => f.itemId));
  return selected.filter((id) => ids.has(id));
}
