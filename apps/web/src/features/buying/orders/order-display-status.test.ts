import { orderDisplayStatus } from '@kc/contracts/buying/orders-status';
import { describe, expect, it } from 'vitest';

const o = (status: string, ...subs: string[]) => orderDisplayStatus({ status, subOrders: subs.map((s) => ({ status: s })) });

describe('orderDisplayStatus: one status per order', () => {
  it('says what the order says under approval and once closed', () => {
    expect(o('pending_team', 'waiting', 'waiting')).toEqual({ key: 'pending_team', text: '待课题组长审批' });
    expect(o('refused', 'cancelled')).toEqual({ key: 'refused', text: '审批驳回' });
    expect(o('completed', 'completed', 'refunded')).toEqual({ key: 'completed', text: '已完成' });
  });

  it('once approved, says where the sub-orders stand instead of 审批通过', () => {
    expect(o('approved', 'to_confirm', 'to_confirm')).toEqual({ key: 'to_confirm', text: '待供应商确认' });
    expect(o('approved', 'arrived', 'arrived')).toEqual({ key: 'arrived', text: '已到货待验收' });
    expect(o('approved', 'arrived', 'completed')).toEqual({ key: 'arrived', text: '已到货待验收' });
    expect(o('approved', 'to_deliver', 'delivered')).toEqual({ key: 'partially_delivered', text: '部分发货' });
  });

  it('puts what needs somebody first, and says how it ended when no sub-order is left', () => {
    expect(o('approved', 'delivered', 'refund_requested')).toEqual({ key: 'refund_requested', text: '退款申请中' });
    expect(o('approved', 'rejected', 'to_deliver')).toEqual({ key: 'rejected', text: '验收不通过' });
    expect(o('approved', 'supplier_refused', 'supplier_refused')).toEqual({ key: 'supplier_refused', text: '供应商拒单' });
    expect(o('approved', 'refunded', 'supplier_refused')).toEqual({ key: 'refunded', text: '已退款' });
    expect(o('approved', 'supplier_refused', 'to_deliver')).toEqual({ key: 'to_deliver', text: '待发货' });
  });
});
