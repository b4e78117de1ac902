import { describe, expect, it } from 'vitest';
import { allows, bulkTransition, transition } from '../../../platform/transitions.ts';
import { firstStatus, firstSubStatus, ORDER_TRANSITIONS, SUB_FINAL, SUB_TRANSITIONS } from './order-states.ts';

const can = (from: Parameters<typeof allows<any, any, any, any>>[1], action: string, actor: string) =>
  allows(ORDER_TRANSITIONS, from, action as never, actor as never);
const sub = (from: string, action: string, actor: string, ctx = {}) => transition(SUB_TRANSITIONS, from as never, action as never, actor as never, ctx);

describe('order transitions', () => {
  it('lets only the right actor move an order from the right state', () => {
    expect(can('pending_team', 'pass', 'team')).toBe(true);
    expect(can('pending_team', 'pass', 'institute')).toBe(false);
    expect(can('pending_institute', 'pass', 'team')).toBe(false);
    expect(can('pending_institute', 'refuse', 'institute')).toBe(true);
    expect(can('approved', 'cancel', 'buyer')).toBe(false);
    expect(can('pending_team', 'cancel', 'buyer')).toBe(true);
    expect(can('completed', 'stop', 'admin')).toBe(false);
    expect(can('approved', 'stop', 'admin')).toBe(true);
    expect(can('approved', 'stop', 'buyer')).toBe(false);
  });

  it('walks the chain: the table decides where a pass leads', () => {
    expect(transition(ORDER_TRANSITIONS, 'pending_team', 'pass', 'team', { steps: ['team', 'institute'] })).toBe('pending_institute');
    expect(transition(ORDER_TRANSITIONS, 'pending_institute', 'pass', 'institute', { steps: ['team', 'institute'] })).toBe('approved');
    expect(transition(ORDER_TRANSITIONS, 'pending_team', 'pass', 'team', { steps: ['team'] })).toBe('approved');
    expect(transition(ORDER_TRANSITIONS, 'pending_team', 'refuse', 'team', { steps: ['team'] })).toBe('refused');
    expect(transition(ORDER_TRANSITIONS, 'approved', 'refuse', 'team', { steps: ['team'] })).toBeNull();
    // 他人代付: only the card's PI moves the card step; the buyer may still cancel, the admin stop
    expect(transition(ORDER_TRANSITIONS, 'pending_card', 'pass', 'card', { steps: ['card', 'team'] })).toBe('pending_team');
    expect(transition(ORDER_TRANSITIONS, 'pending_card', 'pass', 'card', { steps: ['card'] })).toBe('approved');
    expect(transition(ORDER_TRANSITIONS, 'pending_card', 'pass', 'team', { steps: ['card', 'team'] })).toBeNull();
    expect(can('pending_card', 'cancel', 'buyer')).toBe(true);
    expect(can('pending_card', 'stop', 'admin')).toBe(true);
    expect(firstStatus(['card', 'team'])).toBe('pending_card');
  });

  it('starts an order at its first step', () => {
    expect(firstStatus(['team', 'institute'])).toBe('pending_team');
    expect(firstStatus(['institute'])).toBe('pending_institute');
    expect(firstStatus([])).toBe('approved');
    expect(firstSubStatus(['team'])).toBe('waiting');
    expect(firstSubStatus([])).toBe('to_confirm');
  });
});

describe('sub-order transitions', () => {
  it('follows the fulfilment path and refuses shortcuts', () => {
    expect(sub('to_confirm', 'confirm', 'supplier')).toBe('to_deliver');
    expect(sub('to_confirm', 'deliver', 'supplier')).toBeNull();
    expect(sub('to_deliver', 'deliver', 'supplier', { allDelivered: false })).toBe('partially_delivered');
    expect(sub('partially_delivered', 'deliver', 'supplier', { allDelivered: true })).toBe('delivered');
    expect(sub('delivered', 'arrived', 'buyer', { checkerRequired: true })).toBe('arrived');
    expect(sub('delivered', 'arrived', 'buyer', { checkerRequired: false })).toBe('completed');
    expect(sub('delivered', 'arrived', 'supplier')).toBeNull();
    expect(sub('arrived', 'accept', 'checker')).toBe('completed');
    expect(sub('arrived', 'accept', 'buyer')).toBeNull();
    expect(sub('refund_requested', 'refundConfirm', 'supplier')).toBe('refunded');
  });

  it('never moves a final state', () => {
    for (const r of SUB_TRANSITIONS) for (const f of r.from) expect(SUB_FINAL).not.toContain(f);
  });

  it('moves many sub-orders at once only to a fixed target', () => {
    expect(bulkTransition(SUB_TRANSITIONS, 'release', 'system')).toEqual({ from: ['waiting'], to: 'to_confirm' });
    expect(bulkTransition(SUB_TRANSITIONS, 'cancel', 'system').to).toBe('cancelled');
    expect(bulkTransition(SUB_TRANSITIONS, 'stop', 'admin').from).toContain('partially_delivered');
    expect(() => bulkTransition(SUB_TRANSITIONS, 'deliver', 'supplier')).toThrow();
  });
});
