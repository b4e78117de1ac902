import { describe, expect, it } from 'vitest';
import { nextStatus, STATEMENT_TRANSITIONS } from './statement-states.ts';

describe('statement transitions', () => {
  it('runs the happy path', () => {
    expect(nextStatus('draft', 'send', 'finance')).toBe('sent');
    expect(nextStatus('sent', 'confirm', 'supplier')).toBe('supplier_confirmed');
    expect(nextStatus('supplier_confirmed', 'approve', 'finance', { open: 100 })).toBe('finance_approved');
    expect(nextStatus('finance_approved', 'pay', 'finance', { open: 40 })).toBe('partially_paid');
    expect(nextStatus('partially_paid', 'pay', 'finance', { open: 0 })).toBe('paid');
    expect(nextStatus('paid', 'close', 'finance')).toBe('closed');
  });
  it('reopens a disputed statement only by finance re-sending it', () => {
    expect(nextStatus('sent', 'dispute', 'supplier')).toBe('disputed');
    expect(nextStatus('disputed', 'confirm', 'supplier')).toBeNull();
    expect(nextStatus('disputed', 'approve', 'finance')).toBeNull();
    expect(nextStatus('disputed', 'resend', 'finance')).toBe('sent');
  });
  it('refuses the wrong actor and the wrong state', () => {
    expect(nextStatus('sent', 'confirm', 'finance')).toBeNull();
    expect(nextStatus('draft', 'approve', 'finance')).toBeNull();
    expect(nextStatus('sent', 'pay', 'finance')).toBeNull();
    expect(nextStatus('closed', 'pay', 'finance')).toBeNull();
    expect(nextStatus('supplier_confirmed', 'cancel', 'finance')).toBeNull();
  });
  it('makes a statement with nothing due paid at approval', () => {
    expect(nextStatus('supplier_confirmed', 'approve', 'finance', { open: 0 })).toBe('paid');
  });
  it('every rule names at least one source state', () => {
    for (const r of STATEMENT_TRANSITIONS) expect(r.from.length).toBeGreaterThan(0);
  });
});
