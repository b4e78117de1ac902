import { describe, expect, it } from 'vitest';
import { transition } from '../../../platform/transitions.ts';
import { CHANGE_TRANSITIONS, overdue } from './review-states.ts';

describe('change request states', () => {
  it('pending is decided once', () => {
    expect(transition(CHANGE_TRANSITIONS, 'pending', 'approve', 'reviewer')).toBe('approved');
    expect(transition(CHANGE_TRANSITIONS, 'pending', 'reject', 'reviewer')).toBe('rejected');
    expect(transition(CHANGE_TRANSITIONS, 'approved', 'reject', 'reviewer')).toBeNull();
    expect(transition(CHANGE_TRANSITIONS, 'rejected', 'approve', 'reviewer')).toBeNull();
  });
  it('is overdue after more than two working days, weekends not counted', () => {
    // Friday 10:00 Shanghai
    const fri = '2026-11-20T02:00:00.000Z';
    expect(overdue(fri, Date.parse('2026-11-24T02:00:00.000Z'))).toBe(false); // Tue: Mon, Tue
    expect(overdue(fri, Date.parse('2026-11-25T02:00:00.000Z'))).toBe(true); // Wed: third working day
  });
});
