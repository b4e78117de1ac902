import { describe, expect, it } from 'vitest';
import { deliveryLines, remainingOf } from './order-format.ts';
import { effectiveStatuses } from './order-status.ts';

describe('partial deliveries', () => {
  const lines = [
    { id: 1, quantity: 10, deliveredQty: 4 },
    { id: 2, quantity: 3, deliveredQty: 0 },
    { id: 3, quantity: 2, deliveredQty: 2 },
  ];

  it('counts what is left per line', () => {
    expect(lines.map(remainingOf)).toEqual([6, 3, 0]);
  });

  it('omits the lines when everything left ships', () => {
    expect(deliveryLines(lines, { 1: 6, 2: 3 })).toBeUndefined();
  });

  it('sends the chosen positive quantities, bounded by what is left', () => {
    expect(deliveryLines(lines, { 1: 2, 2: 0 })).toEqual([{ lineId: 1, quantity: 2 }]);
    expect(deliveryLines(lines, { 1: 99, 2: 1 })).toEqual([
      { lineId: 1, quantity: 6 },
      { lineId: 2, quantity: 1 },
    ]);
    expect(deliveryLines(lines, {})).toEqual([]);
  });
});

describe('status filters', () => {
  it('narrows a tab by the chosen statuses', () => {
    expect(effectiveStatuses([], undefined)).toEqual([]);
    expect(effectiveStatuses(['a', 'b'], [])).toEqual(['a', 'b']);
    expect(effectiveStatuses([], ['c'])).toEqual(['c']);
    expect(effectiveStatuses(['a', 'b'], ['b', 'c'])).toEqual(['b']);
    expect(effectiveStatuses(['a'], ['c'])).toEqual(['none']);
  });
});
