import { orderCostsMoney } from '@kc/contracts/buying/orders-status';
import { describe, expect, it } from 'vitest';
import { goodsText } from '../../../lib/order-goods.ts';

const order = (status: string, ...subs: string[]) => ({ status, subOrders: subs.map((s) => ({ status: s })) });

describe('orderCostsMoney (本页合计)', () => {
  it('leaves out orders refused, cancelled or stopped', () => {
    for (const s of ['refused', 'cancelled', 'stopped']) expect(orderCostsMoney(order(s, 'cancelled')), s).toBe(false);
  });

  it('leaves out an order whose every sub-order was refused by the supplier, refunded, cancelled or stopped', () => {
    expect(orderCostsMoney(order('approved', 'refunded', 'supplier_refused'))).toBe(false);
    expect(orderCostsMoney(order('completed', 'refunded'))).toBe(false);
  });

  it('counts orders under approval, in delivery or completed, also when only some sub-orders were refunded', () => {
    expect(orderCostsMoney(order('pending_team', 'waiting', 'waiting'))).toBe(true);
    expect(orderCostsMoney(order('approved', 'refunded', 'delivered'))).toBe(true);
    expect(orderCostsMoney(order('completed', 'completed'))).toBe(true);
  });
});

describe('goodsText (order lists)', () => {
  it('names the first line, and how many kinds in all when there are more', () => {
    expect(goodsText({ firstItem: '无水乙醇', lineCount: 1 })).toBe('无水乙醇');
    expect(goodsText({ firstItem: '无水乙醇', lineCount: 3 })).toBe('无水乙醇 等 3 种商品');
    expect(goodsText({ firstItem: null, lineCount: 0 })).toBe('—');
  });
});
