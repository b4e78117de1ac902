import { describe, expect, it } from 'vitest';
import { claimKeys } from './claim-query-keys.ts';

/** Every key of the factory, functions called with sample arguments. */
const keysOf = (factory: Record<string, unknown>) =>
  Object.values(factory).map((k) => (typeof k === 'function' ? (k as (...a: unknown[]) => readonly unknown[])(1, 'x', 'y') : (k as readonly unknown[])));

describe('报销 query keys', () => {
  it('all sit under claimKeys.all, so refreshing it refreshes every list, count and detail', () => {
    for (const key of keysOf(claimKeys)) expect(key.slice(0, 1)).toEqual(claimKeys.all);
  });

  it('keep the lists apart from their counts and details', () => {
    expect(claimKeys.mineCounts.slice(0, claimKeys.mine.length)).toEqual(claimKeys.mine);
    expect(claimKeys.supplierDetail(5)).toEqual(['claims', 'supplier', 'detail', 5]);
    expect(claimKeys.merged('review', '')).toEqual(['claims', 'merged', 'review', '']);
  });
});
