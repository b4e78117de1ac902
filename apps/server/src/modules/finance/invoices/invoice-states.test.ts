import { INVOICE_STATUSES } from '@kc/contracts/finance/invoices';
import { describe, expect, it } from 'vitest';
import { transition } from '../../../platform/transitions.ts';
import { CLAIM_RELEASES, CLAIM_TAKES, INVOICE_TRANSITIONS, nextInvoiceStatus, RED_FLUSH, statusAtUpload } from './invoice-states.ts';

describe('invoice transitions', () => {
  it('stores an upload matched, as an exception when its parties do not match, or red_flushed when red', () => {
    expect(statusAtUpload({ red: false, exception: null })).toBe('matched');
    expect(statusAtUpload({ red: false, exception: '购方税号不一致' })).toBe('exception');
    expect(statusAtUpload({ red: true, exception: null })).toBe('red_flushed');
    expect(statusAtUpload({ red: true, exception: '销方税号不一致' })).toBe('red_flushed');
  });

  it('lets finance accept an exception, and only an exception', () => {
    expect(nextInvoiceStatus('exception', 'acceptException', 'finance')).toBe('matched');
    for (const s of INVOICE_STATUSES.filter((x) => x !== 'exception')) expect(nextInvoiceStatus(s, 'acceptException', 'finance')).toBeNull();
    expect(nextInvoiceStatus('exception', 'acceptException', 'supplier')).toBeNull();
  });

  it('takes matched invoices into a claim and gives them back', () => {
    expect(transition(INVOICE_TRANSITIONS, 'matched', 'claim', 'claim')).toBe('claimed');
    expect(transition(INVOICE_TRANSITIONS, 'claimed', 'release', 'claim')).toBe('matched');
    expect(CLAIM_TAKES).toEqual({ from: ['matched'], to: 'claimed' });
    expect(CLAIM_RELEASES).toEqual({ from: ['claimed'], to: 'matched' });
    // an exception not yet accepted is not claimable
    expect(nextInvoiceStatus('exception', 'claim', 'claim')).toBeNull();
  });

  it('red-flushes a blue invoice in any live state, a claimed one too, never twice or a void one', () => {
    for (const s of ['uploaded', 'matched', 'exception', 'claimed'] as const) expect(nextInvoiceStatus(s, 'redFlush', 'supplier')).toBe('red_flushed');
    for (const s of ['red_flushed', 'void'] as const) expect(nextInvoiceStatus(s, 'redFlush', 'supplier')).toBeNull();
    expect(RED_FLUSH).toEqual({ from: ['uploaded', 'matched', 'exception', 'claimed'], to: 'red_flushed' });
  });
});
