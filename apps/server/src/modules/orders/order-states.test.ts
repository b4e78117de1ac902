import { describe, expect, it } from 'vitest';
import { approvalChain, canOrder, DEFAULT_FLOW, nextStep, SUB_FINAL, SUB_RULES, subFromStates, subRule } from './order-states.ts';

describe('order transitions', () => {
  it('lets only the right actor move an order from the right state', () => {
    expect(canOrder('pending_team', 'pass', 'team')).toBe(true);
    expect(canOrder('pending_team', 'pass', 'institute')).toBe(false);
    expect(canOrder('pending_institute', 'pass', 'team')).toBe(false);
    expect(canOrder('pending_institute', 'refuse', 'institute')).toBe(true);
    expect(canOrder('approved', 'cancel', 'buyer')).toBe(false);
    expect(canOrder('pending_team', 'cancel', 'buyer')).toBe(true);
    expect(canOrder('completed', 'stop', 'admin')).toBe(false);
    expect(canOrder('approved', 'stop', 'admin')).toBe(true);
    expect(canOrder('approved', 'stop', 'buyer')).toBe(false);
  });

  it('walks the chain', () => {
    expect(nextStep(['team', 'institute'], 'team')).toBe('pending_institute');
    expect(nextStep(['team', 'institute'], 'institute')).toBe('approved');
    expect(nextStep(['team'], 'team')).toBe('approved');
  });

  it('builds the chain from amount, hazard and team', () => {
    expect(approvalChain(DEFAULT_FLOW, { total: 10_000, hasHazard: false, hasTeam: true })).toEqual(['team']);
    expect(approvalChain(DEFAULT_FLOW, { total: 600_000, hasHazard: false, hasTeam: true })).toEqual(['team', 'institute']);
    expect(approvalChain(DEFAULT_FLOW, { total: 100, hasHazard: true, hasTeam: true })).toEqual(['team', 'institute']);
    expect(approvalChain(DEFAULT_FLOW, { total: 100, hasHazard: false, hasTeam: false })).toEqual([]);
    expect(approvalChain({ ...DEFAULT_FLOW, team_enabled: 0, hazard_requires_institute: 0 }, { total: 100, hasHazard: true, hasTeam: true })).toEqual([]);
  });
});

describe('sub-order transitions', () => {
  it('follows the fulfilment path and refuses shortcuts', () => {
    expect(subRule('to_confirm', 'confirm', 'supplier')?.to).toBe('to_deliver');
    expect(subRule('to_confirm', 'deliver', 'supplier')).toBeNull();
    expect(subRule('to_deliver', 'deliver', 'supplier')?.to).toBe('by-delivery');
    expect(subRule('partially_delivered', 'deliver', 'supplier')?.to).toBe('by-delivery');
    expect(subRule('delivered', 'arrived', 'buyer')?.to).toBe('by-checker');
    expect(subRule('delivered', 'arrived', 'supplier')).toBeNull();
    expect(subRule('arrived', 'accept', 'checker')?.to).toBe('completed');
    expect(subRule('arrived', 'accept', 'buyer')).toBeNull();
    expect(subRule('refund_requested', 'refundConfirm', 'supplier')?.to).toBe('refunded');
  });

  it('never moves a final state', () => {
    for (const r of SUB_RULES) for (const f of r.from) expect(SUB_FINAL).not.toContain(f);
  });

  it('lists the states an action may start from', () => {
    expect(subFromStates('deliver', 'supplier').sort()).toEqual(['partially_delivered', 'to_deliver']);
  });
});
