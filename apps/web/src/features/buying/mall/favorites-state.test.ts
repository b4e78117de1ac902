import { describe, expect, it } from 'vitest';
import { canAddToCart, favoriteFlag, hasItemPage } from './favorites-state.ts';

describe('favourite flags', () => {
  it('marks deleted, off-shelf and sold-out items, and nothing else', () => {
    expect(favoriteFlag({ state: 'deleted', stock: 5 })?.label).toBe('已删除');
    expect(favoriteFlag({ state: 'offShelf', stock: 5 })?.label).toBe('已下架');
    expect(favoriteFlag({ state: 'onShelf', stock: 0 })?.label).toBe('缺货');
    expect(favoriteFlag({ state: 'onShelf', stock: 3 })).toBeNull();
  });

  it('offers the cart and the item page only for items still on the shelf', () => {
    expect(canAddToCart({ state: 'onShelf', stock: 1 })).toBe(true);
    expect(canAddToCart({ state: 'onShelf', stock: 0 })).toBe(false);
    expect(canAddToCart({ state: 'offShelf', stock: 9 })).toBe(false);
    expect(canAddToCart({ state: 'deleted', stock: 9 })).toBe(false);
    expect(hasItemPage({ state: 'onShelf' })).toBe(true);
    expect(hasItemPage({ state: 'offShelf' })).toBe(false);
    expect(hasItemPage({ state: 'deleted' })).toBe(false);
  });
});
