import type { SubOrderMatch } from '@kc/contracts/finance/invoices-match';
import { describe, expect, it } from 'vitest';
import { freezeReason, whyNotClaimable } from './claim-eligibility.ts';

const matched: SubOrderMatch = { subOrderId: 1, state: 'matched', buckets: [], problems: [], invoiceIds: [1] };
const ok = { status: 'completed', instituteId: 7, heldBy: null, match: matched };

describe('claim eligibility', () => {
  it('takes completed, matched sub-orders of the caller institute that no live claim holds', () => {
    expect(whyNotClaimable(ok, 7)).toBeNull();
    expect(whyNotClaimable({ ...ok, heldBy: 'BX1' }, 7)).toBe('已在报销单 BX1 中');
    expect(whyNotClaimable({ ...ok, status: 'arrived' }, 7)).toContain('尚未验收完成');
    expect(whyNotClaimable(ok, 8)).toContain('其他研究所');
    expect(whyNotClaimable({ ...ok, match: undefined }, 7)).toBe('供应商尚未开票');
    expect(whyNotClaimable({ ...ok, match: { ...matched, state: 'partial', problems: ['税率 13% 尚有 ¥10.00 未开票'] } }, 7)).toContain('¥10.00');
    expect(whyNotClaimable({ ...ok, match: { ...matched, state: 'exception', problems: ['发票 1：购方税号不符'] } }, 7)).toContain('购方税号');
    expect(whyNotClaimable(ok, 7, '结账期')).toBe('结账期');
  });

  it('freezes claims inside the settlement window, also across the new year', () => {
    expect(freezeReason('2026-12-20', '12-17', '12-31')).toContain('12-17 至 12-31');
    expect(freezeReason('2026-12-16', '12-17', '12-31')).toBeNull();
    expect(freezeReason('2027-01-03', '12-20', '01-05')).not.toBeNull();
    expect(freezeReason('2027-01-06', '12-20', '01-05')).toBeNull();
    expect(freezeReason('2026-12-20', null, null)).toBeNull();
  });
});
