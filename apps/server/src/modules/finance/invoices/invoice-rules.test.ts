import { describe, expect, it } from 'vitest';
import { type Billable, checkAllocations, invoiceTotals, perRate, resolveLines, spreadOverSubOrders } from './invoice-rules.ts';

const sub = (id: number, r13: number, r6 = 0): Billable => ({
  subOrderId: id,
  subNo: `S${id}`,
  byRate: new Map([
    ['13', r13],
    ['6', r6],
  ]),
  byLine: new Map(),
});

describe('invoice arithmetic', () => {
  it('splits lines without printed parts and checks printed ones', () => {
    const r = resolveLines([
      { name: 'a', amount: 31_500, taxRate: '13' },
      { name: 'b', amount: 100, exclAmount: 89, taxAmount: 11, taxRate: '13' },
      { name: 'c', amount: 100, exclAmount: 80, taxAmount: 20, taxRate: '13' },
      { name: 'd', amount: 100, exclAmount: 80, taxRate: '13' },
    ]);
    expect(r.lines[0]).toMatchObject({ excl: 27_876, tax: 3_624 });
    expect(r.lines[1]).toMatchObject({ excl: 89, tax: 11 });
    expect(r.problems).toEqual(['第 3 行：税额 ¥0.20 与税率 13% 不符', '第 4 行：请同时填写不含税金额与税额，或都不填（按税率自动拆分）']);
    const { totals, problems } = invoiceTotals(r.lines.slice(0, 2), { totalAmount: 31_600, taxAmount: 3_635 });
    expect(totals).toEqual({ excl: 27_965, tax: 3_635, total: 31_600 });
    expect(problems).toEqual([]);
  });

  it('spreads by rate over sub-orders in the chosen order and names the bucket it cannot place', () => {
    const rates = perRate([
      { rate: '13', amount: 50_000 },
      { rate: '6', amount: 1_000 },
    ]);
    const ok = spreadOverSubOrders(rates, [sub(1, 30_000, 600), sub(2, 25_000, 600)]);
    expect(ok.problems).toEqual([]);
    expect(ok.allocations).toEqual([
      { subOrderId: 1, orderLineId: null, taxRate: '13', amount: 30_000 },
      { subOrderId: 2, orderLineId: null, taxRate: '13', amount: 20_000 },
      { subOrderId: 1, orderLineId: null, taxRate: '6', amount: 600 },
      { subOrderId: 2, orderLineId: null, taxRate: '6', amount: 400 },
    ]);
    expect(spreadOverSubOrders(rates, [sub(1, 30_000, 600)]).problems).toEqual([
      '税率 13% 开票 ¥500.00，所选子订单尚可开票 ¥300.00，超出 ¥200.00',
      '税率 6% 开票 ¥10.00，所选子订单尚可开票 ¥6.00，超出 ¥4.00',
    ]);
  });

  it('holds given allocations to the buckets, the lines and the invoice', () => {
    const s1: Billable = { ...sub(1, 10_000), byLine: new Map([[11, { rate: '13', left: 6_000, index: 0 }]]) };
    const rates = perRate([{ rate: '13', amount: 7_000 }]);
    const r = checkAllocations([{ subOrderId: 1, orderLineId: 11, taxRate: '13', amount: 7_000 }], rates, [s1], 'lines');
    expect(r.problems).toEqual(['子订单 S1 第 1 行尚可开票 ¥60.00，本次 ¥70.00']);
    const short = checkAllocations([{ subOrderId: 1, taxRate: '13', amount: 5_000 }], rates, [s1], 'bucket');
    expect(short.problems).toEqual(['税率 13% 分配到子订单 ¥50.00，与发票金额 ¥70.00 不一致']);
    expect(checkAllocations([{ subOrderId: 9, taxRate: '13', amount: 7_000 }], rates, [s1], 'bucket').problems[0]).toContain('不在本次开票范围内');
  });
});
