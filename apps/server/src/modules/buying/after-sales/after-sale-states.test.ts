import { describe, expect, it } from 'vitest';
import { transition } from '../../../platform/transitions.ts';
import { AFTER_SALE_TRANSITIONS as T } from './after-sale-states.ts';

describe('after-sale transitions', () => {
  it('a return goes back to the supplier before it is refunded; a refund-only is finished straight away', () => {
    expect(transition(T, 'requested', 'agree', 'supplier', { type: 'return' })).toBe('to_return');
    expect(transition(T, 'to_return', 'return', 'buyer', { type: 'return' })).toBe('returned');
    expect(transition(T, 'returned', 'receive', 'supplier', { type: 'return' })).toBe('received');
    expect(transition(T, 'received', 'finish', 'supplier', { type: 'return' })).toBe('refunded');
    expect(transition(T, 'received', 'finish', 'supplier', { type: 'exchange' })).toBe('replaced');
    expect(transition(T, 'requested', 'agree', 'supplier', { type: 'refund' })).toBe('agreed');
    expect(transition(T, 'agreed', 'finish', 'supplier', { type: 'refund' })).toBe('refunded');
    expect(transition(T, 'agreed', 'finish', 'supplier', { type: 'reship' })).toBe('replaced');
    expect(transition(T, 'refunded', 'close', 'buyer', { type: 'refund' })).toBe('closed');
  });

  it('the buyer cancels only before the supplier acts; nobody acts for the other side', () => {
    expect(transition(T, 'requested', 'cancel', 'buyer', { type: 'return' })).toBe('cancelled');
    for (const from of ['to_return', 'agreed', 'refused', 'refunded'] as const) expect(transition(T, from, 'cancel', 'buyer', { type: 'return' })).toBeNull();
    expect(transition(T, 'requested', 'agree', 'buyer', { type: 'return' })).toBeNull();
    expect(transition(T, 'to_return', 'return', 'supplier', { type: 'return' })).toBeNull();
    expect(transition(T, 'to_return', 'finish', 'supplier', { type: 'return' })).toBeNull();
    expect(transition(T, 'closed', 'close', 'buyer', { type: 'return' })).toBeNull();
  });
});
