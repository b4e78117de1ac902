import { describe, expect, it } from 'vitest';
import { buyerPrice, type DiscountRule } from './discount-rules.ts';

const item = { id: 7, supplier_id: 1, price: 10_000 };
const rule = (r: Partial<DiscountRule>): DiscountRule => ({ id: 1, supplier_id: 1, item_id: null, dept_path: null, rate: null, price: null, ...r });

describe('协议价：最具体的规则生效', () => {
  it('keeps the list price without a rule, or with a rule of another supplier, item or department', () => {
    expect(buyerPrice(item, [], '/3/5/')).toEqual({ price: 10_000, listPrice: 10_000, ruleId: null, note: null });
    const others = [rule({ supplier_id: 2, rate: 800 }), rule({ item_id: 8, price: 5000 }), rule({ dept_path: '/3/6/', rate: 800 })];
    expect(buyerPrice(item, others, '/3/5/').ruleId).toBeNull();
  });

  it('a department beats the institute, a deeper department its parent, one item all items', () => {
    const rules = [
      rule({ id: 1, rate: 950 }),
      rule({ id: 2, dept_path: '/3/', rate: 920 }),
      rule({ id: 3, dept_path: '/3/5/', rate: 980 }),
      rule({ id: 4, item_id: 7, price: 9000 }),
    ];
    // the deepest department wins although its discount is the smallest
    expect(buyerPrice(item, rules, '/3/5/9/')).toMatchObject({ price: 9800, ruleId: 3, note: '9.8折' });
    expect(buyerPrice(item, rules, '/3/6/')).toMatchObject({ price: 9200, ruleId: 2, note: '9.2折' });
    // institute level: the item's own price over the all-items rate
    expect(buyerPrice(item, rules, '/4/')).toMatchObject({ price: 9000, ruleId: 4, note: '协议价' });
    expect(buyerPrice(item, [rule({ dept_path: '/3/', rate: 900 }), rule({ id: 5, dept_path: '/3/', item_id: 7, price: 9500 })], '/3/')).toMatchObject({
      ruleId: 5,
    });
  });

  it('two rules of the same reach: the lower price; never above the list price; rates round to the fen', () => {
    expect(buyerPrice(item, [rule({ id: 1, rate: 950 }), rule({ id: 2, rate: 900 })], null).ruleId).toBe(2);
    expect(buyerPrice(item, [rule({ item_id: 7, price: 12_000 })], null)).toMatchObject({ price: 10_000, ruleId: null });
    expect(buyerPrice({ ...item, price: 333 }, [rule({ rate: 925 })], null).price).toBe(308);
  });

  it('a sale in force is for everyone: the lower of the sale and the 协议价', () => {
    expect(buyerPrice(item, [], null, 8000)).toMatchObject({ price: 8000, note: '促销价' });
    expect(buyerPrice(item, [rule({ rate: 750 })], null, 8000)).toMatchObject({ price: 7500, note: '7.5折' });
    expect(buyerPrice(item, [], null, 12_000)).toMatchObject({ price: 10_000, note: null });
  });
});
