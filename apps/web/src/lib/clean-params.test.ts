import { describe, expect, it } from 'vitest';
import { cleanParams, isEmptyValue, toQueryString } from './clean-params.ts';

describe('isEmptyValue', () => {
  it('treats the docs/domains/platform.md#empty-query-values empties as empty', () => {
    for (const v of [null, undefined, '', '   ', '0', ' 0 ', 0, false, [], {}, Number.NaN]) {
      expect(isEmptyValue(v), JSON.stringify(v)).toBe(true);
    }
  });

  it('keeps real values', () => {
    for (const v of ['a', ' a ', '00', 1, -1, true, [0], { a: 1 }, new Date(0)]) {
      expect(isEmptyValue(v), String(v)).toBe(false);
    }
  });
});

describe('cleanParams', () => {
  it('trims strings and drops empty values, keeping order', () => {
    expect(cleanParams({ name: '  乙醇 ', blank: ' ', zero: 0, zeroText: '0', off: false, none: null, missing: undefined, page: 2, on: true })).toEqual([
      ['name', '乙醇'],
      ['page', '2'],
      ['on', 'true'],
    ]);
  });

  it('repeats array keys and drops empty items', () => {
    expect(cleanParams({ ids: [1, 0, ' 3 ', ''], empty: [] })).toEqual([
      ['ids', '1'],
      ['ids', '3'],
    ]);
  });

  it('serialises non-empty objects and drops empty ones', () => {
    expect(cleanParams({ range: { from: 1 }, nothing: {} })).toEqual([['range', '{"from":1}']]);
  });

  it('returns nothing for no input', () => {
    expect(cleanParams(undefined)).toEqual([]);
    expect(toQueryString({})).toBe('');
  });
});

describe('toQueryString', () => {
  it('encodes the cleaned pairs as URLSearchParams does', () => {
    expect(toQueryString({ q: ' CAS 64-17-5 ', brand: '', current: 1 })).toBe('q=CAS+64-17-5&current=1');
    expect(toQueryString({ q: '乙醇&水' })).toBe('q=%E4%B9%99%E9%86%87%26%E6%B0%B4');
  });
});
