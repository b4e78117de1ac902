import { describe, expect, it } from 'vitest';
import { transition } from '../../../platform/transitions.ts';
import { COMPLAINT_TRANSITIONS as T } from './complaint-states.ts';

describe('complaint transitions', () => {
  it('受理 → 处理中 → 已解决; 驳回 from either open state; nothing after the end', () => {
    expect(transition(T, 'submitted', 'accept', 'admin')).toBe('processing');
    expect(transition(T, 'processing', 'resolve', 'admin')).toBe('resolved');
    expect(transition(T, 'submitted', 'resolve', 'admin')).toBeNull();
    expect(transition(T, 'submitted', 'reject', 'admin')).toBe('rejected');
    expect(transition(T, 'processing', 'reject', 'admin')).toBe('rejected');
    for (const a of ['accept', 'resolve', 'reject'] as const) {
      expect(transition(T, 'resolved', a, 'admin')).toBeNull();
      expect(transition(T, 'rejected', a, 'admin')).toBeNull();
    }
  });
});
