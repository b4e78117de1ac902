import { describe, expect, it } from 'vitest';
import { readOrderSummary, successOrderPath } from './success-order-state.ts';

const order = {
  orderId: 7,
  orderNo: 'PO202604010000000001',
  totalAmount: 12345,
  repeated: false,
  subOrders: [
    { id: 1, subNo: 'PO202604010000000001-1', supplierId: 3, supplierName: '国药集团化学试剂有限公司', totalAmount: 10000 },
    { id: 2, subNo: 'PO202604010000000001-2', supplierId: 4, supplierName: 'A~B 试剂', totalAmount: 2345 },
  ],
};

describe('/successOrder state', () => {
  it('prefers router state', () => {
    expect(readOrderSummary(order, new URLSearchParams())).toBe(order);
  });

  it('falls back to the query string', () => {
    const qs = new URL(successOrderPath(order), 'http://x').searchParams;
    expect(readOrderSummary(null, qs)).toEqual({
      orderId: 7,
      orderNo: order.orderNo,
      totalAmount: 12345,
      subOrders: [
        { subNo: 'PO202604010000000001-1', totalAmount: 10000, supplierName: '国药集团化学试剂有限公司' },
        { subNo: 'PO202604010000000001-2', totalAmount: 2345, supplierName: 'A~B 试剂' },
      ],
    });
    expect(readOrderSummary(null, new URLSearchParams('orderId=1'))).toBeNull();
  });
});
