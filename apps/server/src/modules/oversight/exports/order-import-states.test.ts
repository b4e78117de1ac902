import { describe, expect, it } from 'vitest';
import { transition } from '../../../platform/transitions.ts';
import { appliedStatus, IMPORT_EXPIRY, importStatusAtUpload, ORDER_IMPORT_TRANSITIONS } from './order-import-states.ts';

describe('order import transitions', () => {
  it('starts ready, or invalid with any bad row', () => {
    expect(importStatusAtUpload(0)).toBe('ready');
    expect(importStatusAtUpload(3)).toBe('invalid');
  });

  it('applies a ready import once, and nothing else', () => {
    expect(appliedStatus('ready')).toBe('applied');
    for (const s of ['invalid', 'applied', 'expired']) expect(appliedStatus(s)).toBeNull();
    expect(transition(ORDER_IMPORT_TRANSITIONS, 'ready', 'apply', 'sweep')).toBeNull();
  });

  it('expires stale previews, ready or invalid, never an applied import', () => {
    expect(IMPORT_EXPIRY).toEqual({ from: ['ready', 'invalid'], to: 'expired' });
    expect(transition(ORDER_IMPORT_TRANSITIONS, 'applied', 'expire', 'sweep')).toBeNull();
    expect(transition(ORDER_IMPORT_TRANSITIONS, 'expired', 'expire', 'sweep')).toBeNull();
    expect(transition(ORDER_IMPORT_TRANSITIONS, 'ready', 'expire', 'admin')).toBeNull();
  });
});
