import { describe, expect, it } from 'vitest';
import { nextWarningState, userActions } from './warning-states.ts';

describe('warning transitions', () => {
  it('people acknowledge, snooze and resolve; the scan wakes and clears', () => {
    expect(nextWarningState('new', 'acknowledge', 'user')).toBe('acknowledged');
    expect(nextWarningState('acknowledged', 'resolve', 'user')).toBe('resolved');
    expect(nextWarningState('acknowledged', 'snooze', 'user')).toBe('snoozed');
    expect(nextWarningState('snoozed', 'wake', 'system')).toBe('new');
    expect(nextWarningState('snoozed', 'clear', 'system')).toBe('resolved');
  });

  it('refuses what the table does not allow', () => {
    expect(nextWarningState('acknowledged', 'acknowledge', 'user')).toBeNull();
    expect(nextWarningState('snoozed', 'snooze', 'user')).toBeNull();
    expect(nextWarningState('resolved', 'resolve', 'user')).toBeNull();
    expect(nextWarningState('resolved', 'wake', 'system')).toBeNull();
    // only the scan wakes and clears; a person cannot
    expect(nextWarningState('snoozed', 'wake', 'user')).toBeNull();
    expect(nextWarningState('new', 'clear', 'user')).toBeNull();
  });

  it('offers each state its buttons', () => {
    expect(userActions('new')).toEqual(['acknowledge', 'resolve', 'snooze']);
    expect(userActions('acknowledged')).toEqual(['resolve', 'snooze']);
    expect(userActions('snoozed')).toEqual(['resolve']);
    expect(userActions('resolved')).toEqual([]);
  });
});
