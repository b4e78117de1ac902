import { describe, expect, it } from 'vitest';
import { chosenLines, cleanRemarks, lineOf, readSource, type SubmitState, submitBlockers } from './confirm-order-state.ts';

const lines = [
  { id: 1, name: '材料费', available: 10000 },
  { id: 2, name: '测试化验加工费' },
];

describe('/confirmOrder state', () => {
  it('reads cart lines before a direct purchase, and nothing without either', () => {
    expect(readSource(new URLSearchParams('cartIds=3,4&itemId=9'))).toEqual({ kind: 'cart', cartIds: [3, 4], key: 'cart:3,4' });
    expect(readSource(new URLSearchParams('itemId=9&quantity=2'))).toEqual({ kind: 'direct', itemId: 9, quantity: 2, key: 'direct:9x2' });
    expect(readSource(new URLSearchParams('itemId=9'))).toMatchObject({ quantity: 1 });
    expect(readSource(new URLSearchParams(''))).toBeNull();
  });

  it('charges the chosen line, else the line the goods map to, else the only line', () => {
    expect(lineOf({ supplierId: 5, budgetLine: '材料费' }, lines, { '5': 2 })).toBe(2);
    expect(lineOf({ supplierId: 5, budgetLine: '材料费' }, lines, {})).toBe(1);
    expect(lineOf({ supplierId: 5, budgetLine: null }, lines, {})).toBeUndefined();
    expect(lineOf({ supplierId: 5, budgetLine: null }, [lines[1]], {})).toBe(2);
    expect(
      chosenLines(
        [
          { supplierId: 5, budgetLine: '材料费' },
          { supplierId: 6, budgetLine: null },
        ],
        lines,
        {},
      ),
    ).toEqual({ '5': 1 });
  });

  it('names the first thing that stops the order', () => {
    const ok: SubmitState = { addressId: 1, canSubmit: true, hasHazard: false, hazardConfirmed: false, groups: [], lines: [], chosen: {} };
    expect(submitBlockers(ok)).toEqual([]);
    expect(submitBlockers({ ...ok, addressId: undefined, canSubmit: false })).toEqual(['请选择收货地址']);
    expect(submitBlockers({ ...ok, canSubmit: false })).toEqual(['订单中有商品无法购买或不在供货区域，请调整后再提交']);
    expect(submitBlockers({ ...ok, hasHazard: true })).toEqual(['请阅读并确认合规告知']);
    expect(submitBlockers({ ...ok, lines, groups: [{ supplierId: 5, budgetLine: null }] })).toEqual(['请选择预算科目']);
  });

  it('drops empty remarks', () => {
    expect(cleanRemarks({ '5': ' ', '6': '上午送' })).toEqual({ '6': '上午送' });
  });
});
