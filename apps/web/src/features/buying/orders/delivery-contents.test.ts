import { buyingUnit } from '@kc/contracts/buying/orders';
import { describe, expect, it } from 'vitest';
import { parcelLines, parcelText, shippedThrough } from './delivery-contents.ts';

const lines = [
  { id: 1, name: '无水乙醇', spec: '500ml', unit: '瓶' },
  { id: 2, name: '丙酮', spec: '2.5L', unit: '' },
];

describe('what a parcel carried', () => {
  it('names each carried line from the sub-order lines, in the delivery order', () => {
    const carried = parcelLines(lines, [
      { lineId: 2, quantity: 1 },
      { lineId: 1, quantity: 6 },
    ]);
    expect(carried.map(parcelText)).toEqual(['丙酮 × 1', '无水乙醇 × 6 瓶']);
    expect(carried[1]).toEqual({ lineId: 1, name: '无水乙醇', spec: '500ml', unit: '瓶', quantity: 6 });
  });

  it('keeps the id of a line the sub-order does not hold', () => {
    expect(parcelLines(lines, [{ lineId: 9, quantity: 2 }]).map(parcelText)).toEqual(['商品 #9 × 2']);
    expect(parcelLines(lines, [])).toEqual([]);
  });

  it('sums what shipped per line up to and including a delivery', () => {
    const deliveries = [
      { lines: [{ lineId: 1, quantity: 6 }] },
      {
        lines: [
          { lineId: 1, quantity: 4 },
          { lineId: 2, quantity: 1 },
        ],
      },
    ];
    expect([...shippedThrough(deliveries, 0)]).toEqual([[1, 6]]);
    expect([...shippedThrough(deliveries, 1)]).toEqual([
      [1, 10],
      [2, 1],
    ]);
  });
});

describe('buying unit', () => {
  it('joins the parts the order has', () => {
    expect(buyingUnit({ instituteName: '化学所', deptName: '有机固体实验室', teamName: '李明华课题组' })).toBe('化学所 / 有机固体实验室 / 李明华课题组');
    expect(buyingUnit({ instituteName: '化学所', deptName: null, teamName: null })).toBe('化学所');
    expect(buyingUnit({ instituteName: null, deptName: null, teamName: null })).toBe('');
  });
});
