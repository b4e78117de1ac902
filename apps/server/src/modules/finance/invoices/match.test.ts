import { describe, expect, it } from 'vitest';
import { computeMatch, type MatchInput } from './match.ts';

const base = (over: Partial<MatchInput> = {}): MatchInput => ({
  subOrderId: 1,
  status: 'completed',
  deliveryFee: 1500,
  lines: [
    { id: 11, amount: 30_000, taxRate: '13' },
    { id: 12, amount: 8_000, taxRate: '6' },
  ],
  allocations: [],
  allowance: 0,
  ...over,
});
const alloc = (amount: number, taxRate = '13', extra: Partial<MatchInput['allocations'][number]> = {}) => ({
  invoiceId: 1,
  invoiceNumber: '25312000000012345678',
  invoiceStatus: 'matched',
  exception: null,
  orderLineId: null,
  taxRate,
  amount,
  ...extra,
});

describe('three-way match of a sub-order', () => {
  it('puts the delivery fee in the bucket of the largest line and accepts only completed sub-orders', () => {
    const m = computeMatch(base());
    expect(m.state).toBe('none');
    expect(m.buckets).toEqual([
      { taxRate: '13', ordered: 31_500, accepted: 31_500, refunded: 0, invoiced: 0 },
      { taxRate: '6', ordered: 8_000, accepted: 8_000, refunded: 0, invoiced: 0 },
    ]);
    expect(computeMatch(base({ status: 'arrived' })).buckets[0].accepted).toBe(0);
  });

  it('is partial until every bucket is billed, matched when each bucket equals accepted', () => {
    const part = computeMatch(base({ allocations: [alloc(31_500)] }));
    expect(part.state).toBe('partial');
    expect(part.problems).toEqual(['税率 6% 尚有 ¥80.00 未开票']);
    expect(computeMatch(base({ allocations: [alloc(31_500), alloc(8_000, '6', { invoiceId: 2 })] })).state).toBe('matched');
  });

  it('flags billing beyond accepted − refunded, within the allowance it is tolerated', () => {
    const over = computeMatch(base({ allocations: [alloc(31_501), alloc(8_000, '6')] }));
    expect(over.state).toBe('exception');
    expect(over.problems[0]).toContain('超过可开票金额 ¥315.00');
    expect(computeMatch(base({ allowance: 1, allocations: [alloc(31_501), alloc(8_000, '6')] })).state).toBe('matched');
    // a rate the sub-order has no line at is over-billing too
    expect(computeMatch(base({ allocations: [alloc(31_500), alloc(8_000, '9')] })).state).toBe('exception');
  });

  it('holds an invoice with item lines to each order line', () => {
    const m = computeMatch(
      base({
        deliveryFee: 0,
        allocations: [alloc(30_500, '13', { orderLineId: 11 }), alloc(7_500, '13', { orderLineId: 11 })],
        lines: [
          { id: 11, amount: 30_000, taxRate: '13' },
          { id: 12, amount: 8_000, taxRate: '13' },
        ],
      }),
    );
    expect(m.state).toBe('exception');
    expect(m.problems).toContain('第 1 行开票 ¥380.00，超过该行金额 ¥300.00');
  });

  it('keeps an unresolved invoice problem as an exception, a red invoice cancels its blue one, void counts nothing', () => {
    const wrongBuyer = alloc(31_500, '13', { exception: '购方税号与本单位不一致' });
    expect(computeMatch(base({ allocations: [wrongBuyer, alloc(8_000, '6')] })).problems[0]).toBe('发票 25312000000012345678：购方税号与本单位不一致');
    const red = alloc(-31_500, '13', { invoiceId: 3, invoiceNumber: '25312000000099999999' });
    const redo = computeMatch(base({ allocations: [alloc(31_500, '13', { invoiceStatus: 'red_flushed' }), red, alloc(8_000, '6')] }));
    expect(redo.state).toBe('partial');
    expect(redo.buckets[0].invoiced).toBe(0);
    expect(computeMatch(base({ allocations: [alloc(31_500, '13', { invoiceStatus: 'void' })] })).buckets[0].invoiced).toBe(0);
  });
});

describe('part refunds after delivery', () => {
  it('reduce their line’s bucket and line: billing beyond accepted − refunded is an exception asking for a red invoice', () => {
    const refunded = base({
      lines: [
        { id: 11, amount: 30_000, taxRate: '13', refunded: 12_000 },
        { id: 12, amount: 8_000, taxRate: '6' },
      ],
    });
    expect(computeMatch(refunded).buckets[0]).toMatchObject({ accepted: 31_500, refunded: 12_000 });
    expect(computeMatch({ ...refunded, allocations: [alloc(19_500), alloc(8_000, '6')] }).state).toBe('matched');
    const over = computeMatch({ ...refunded, allocations: [alloc(31_500), alloc(8_000, '6')] });
    expect(over.state).toBe('exception');
    expect(over.problems[0]).toContain('红字发票');
    const perLine = computeMatch({ ...refunded, allocations: [alloc(20_000, '13', { orderLineId: 11 }), alloc(8_000, '6')] });
    expect(perLine.problems.join()).toContain('退款后金额 ¥180.00');
    // a whole refund takes everything, whatever was refunded in part before
    expect(computeMatch({ ...refunded, status: 'refunded' }).buckets[0].refunded).toBe(31_500);
  });
});
