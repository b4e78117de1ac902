import type { OrderLogVO } from '@kc/contracts/buying/orders';
import { describe, expect, it } from 'vitest';
import { orderProgress } from './order-progress.ts';

const chain = [
  { step: 'team' as const, name: '课题组长审批' },
  { step: 'institute' as const, name: '研究所审批' },
];
const log = (action: string, actor: string, at = '2026-03-01T02:00:00.000Z'): OrderLogVO => ({
  id: 1,
  subOrderId: null,
  actor,
  actorName: '李明华',
  action,
  fromStatus: null,
  toStatus: '',
  reason: null,
  createdAt: at,
});
const base = { createdAt: '2026-03-01T01:00:00.000Z', closeReason: null, approvalSteps: chain, subOrders: [] };

describe('order progress', () => {
  it('marks the current approval step', () => {
    const steps = orderProgress({ ...base, status: 'pending_institute', logs: [log('submit', 'buyer'), log('pass', 'team')] });
    expect(steps.map((s) => [s.key, s.status])).toEqual([
      ['submit', 'finish'],
      ['team', 'finish'],
      ['institute', 'process'],
      ['fulfil', 'wait'],
      ['accept', 'wait'],
      ['done', 'wait'],
    ]);
    expect(steps[1].description).toBe('通过 · 李明华 2026-03-01 10:00');
  });

  it('marks a refusal where it happened', () => {
    const steps = orderProgress({ ...base, status: 'refused', logs: [log('submit', 'buyer'), log('refuse', 'team')] });
    expect(steps.find((s) => s.key === 'team')?.status).toBe('error');
    expect(steps.find((s) => s.key === 'institute')?.status).toBe('wait');
    expect(steps.find((s) => s.key === 'fulfil')?.status).toBe('wait');
  });

  it('follows fulfilment to completion', () => {
    const subs = [{ id: 1, subNo: 'a', supplierId: 1, supplierName: 's', status: 'completed', statusText: '', totalAmount: 1 }];
    const steps = orderProgress({ ...base, status: 'completed', subOrders: subs as never, logs: [log('pass', 'team'), log('pass', 'institute')] });
    expect(steps.every((s) => s.status === 'finish')).toBe(true);
  });
});
