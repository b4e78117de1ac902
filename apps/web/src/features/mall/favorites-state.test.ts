import { describe, expect, it } from 'vitest';
import { canAddToCart, favoriteFlag, hasItemPage, keepListed, pageAfterRemoval } from './favorites-state.ts';

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

describe('pageAfterRemoval', () => {
  it('stays on the page while it still exists', () => {
    expect(pageAfterRemoval(2, 10, 25, 3)).toBe(2);
    expect(pageAfterRemoval(1, 10, 5, 5)).toBe(1);
  });
  it('steps back when the last page was emptied', () => {
    expect(pageAfterRemoval(3, 10, 21, 1)).toBe(2);
    expect(pageAfterRemoval(3, 10, 30, 10)).toBe(2);
    expect(pageAfterRemoval(5, 10, 12, 12)).toBe(1);
  });
});

describe('keepListed', () => {
  it('drops chosen ids that the reloaded page no longer lists', () => {
    expect(keepListed([1, 2, 3], [{ itemId: 3 }, { itemId: 1 }, { itemId: 9 }])).toEqual([1, 3]);
    expect(keepListed([], [{ itemId: 1 }])).toEqual([]);
  });
});
