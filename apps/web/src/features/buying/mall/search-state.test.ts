import { describe, expect, it } from 'vitest';
import { readSearchState, toSearchParams, writeSearchState } from './search-state.ts';

describe('search state in the address bar', () => {
  it('round-trips and converts yuan to fen', () => {
    const s = readSearchState(new URLSearchParams('q=乙醇&brandId=3,5&priceMin=10.5&priceMax=200&inStock=1&sort=price_asc&current=2'));
    expect(s).toMatchObject({ q: '乙醇', brandIds: [3, 5], priceMin: 10.5, priceMax: 200, inStock: true, sort: 'price_asc', current: 2, size: 20 });
    expect(readSearchState(writeSearchState(s))).toEqual(s);
    expect(toSearchParams(s)).toMatchObject({ priceMin: 1050, priceMax: 20000, brandId: [3, 5], inStock: true });
  });

  it('drops malformed values', () => {
    const s = readSearchState(new URLSearchParams('brandId=a,2,-1&sort=evil&current=-3&size=7&priceMin=x'));
    expect(s).toMatchObject({ brandIds: [2], sort: 'relevance', current: 1, size: 20, priceMin: null });
    expect(writeSearchState(readSearchState(new URLSearchParams(''))).toString()).toBe('');
  });
});
