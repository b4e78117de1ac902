import { describe, expect, it } from 'vitest';
import { transition } from '../../../platform/transitions.ts';
import { QUALIFICATION_TRANSITIONS as T } from './qualification-states.ts';

describe('qualification review states', () => {
  it('the platform decides pending ones only', () => {
    expect(transition(T, 'pending', 'approve', 'platform')).toBe('approved');
    expect(transition(T, 'pending', 'refuse', 'platform')).toBe('refused');
    expect(transition(T, 'approved', 'approve', 'platform')).toBeNull();
    expect(transition(T, 'refused', 'approve', 'platform')).toBeNull();
    expect(transition(T, 'pending', 'approve', 'supplier')).toBeNull();
  });

  it('a change goes back to review; withdrawn is final', () => {
    for (const from of ['pending', 'approved', 'refused'] as const) {
      expect(transition(T, from, 'change', 'supplier')).toBe('pending');
      expect(transition(T, from, 'withdraw', 'supplier')).toBe('withdrawn');
    }
    expect(transition(T, 'withdrawn', 'change', 'supplier')).toBeNull();
    expect(transition(T, 'withdrawn', 'withdraw', 'supplier')).toBeNull();
    expect(transition(T, 'approved', 'change', 'platform')).toBeNull();
  });
});
