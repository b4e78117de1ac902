import { describe, expect, it } from 'vitest';
import { transition } from '../../../platform/transitions.ts';
import { addDays, CONTRACT_TRANSITIONS, inForce, phaseOf, RenewStatus } from './contract-states.ts';

describe('合同状态迁移', () => {
  it('the supplier submits and withdraws; only the platform signs, sends back and terminates', () => {
    expect(transition(CONTRACT_TRANSITIONS, 'draft', 'submit', 'supplier', { renewed: false })).toBe('pendingSign');
    expect(transition(CONTRACT_TRANSITIONS, 'pendingSign', 'withdraw', 'supplier', { renewed: false })).toBe('draft');
    expect(transition(CONTRACT_TRANSITIONS, 'pendingSign', 'sign', 'platform', { renewed: false })).toBe('active');
    expect(transition(CONTRACT_TRANSITIONS, 'pendingSign', 'sign', 'supplier', { renewed: false })).toBeNull();
    expect(transition(CONTRACT_TRANSITIONS, 'pendingSign', 'refuse', 'platform', { renewed: false })).toBe('draft');
    expect(transition(CONTRACT_TRANSITIONS, 'active', 'terminate', 'platform', { renewed: false })).toBe('terminated');
    expect(transition(CONTRACT_TRANSITIONS, 'active', 'terminate', 'supplier', { renewed: false })).toBeNull();
    expect(transition(CONTRACT_TRANSITIONS, 'draft', 'sign', 'platform', { renewed: false })).toBeNull();
    expect(transition(CONTRACT_TRANSITIONS, 'terminated', 'sign', 'platform', { renewed: false })).toBeNull();
    expect(transition(CONTRACT_TRANSITIONS, 'expired', 'terminate', 'platform', { renewed: false })).toBeNull();
  });

  it('an active contract past its end expires, or is renewed when a signed renewal continues it', () => {
    expect(transition(CONTRACT_TRANSITIONS, 'active', 'expire', 'system', { renewed: false })).toBe('expired');
    expect(transition(CONTRACT_TRANSITIONS, 'active', 'expire', 'system', { renewed: true })).toBe('renewed');
    expect(transition(CONTRACT_TRANSITIONS, 'draft', 'expire', 'system', { renewed: false })).toBeNull();
  });

  it('phases: expiring within 30 days, renewal pending, expired at read time before the job ran', () => {
    const today = '2026-11-25';
    const c = (end: string, renew = 0, status = 1) => phaseOf({ status, end_date: end, renew_status: renew }, today);
    expect(c(addDays(today, 31))).toEqual({ phase: 'active', daysLeft: 31 });
    expect(c(addDays(today, 30))).toEqual({ phase: 'expiring', daysLeft: 30 });
    expect(c(today)).toEqual({ phase: 'expiring', daysLeft: 0 });
    expect(c(addDays(today, 10), RenewStatus.PENDING)).toEqual({ phase: 'renewalPending', daysLeft: 10 });
    expect(c(addDays(today, -1))).toEqual({ phase: 'expired', daysLeft: null });
    expect(c(addDays(today, -1), RenewStatus.RENEWED)).toEqual({ phase: 'renewed', daysLeft: null });
    expect(c(addDays(today, 100), 0, 5)).toEqual({ phase: 'terminated', daysLeft: null });
  });

  it('in force only with status 1 and within the dates', () => {
    const today = '2026-11-25';
    expect(inForce({ status: 1, start_date: '2026-01-01', end_date: today }, today)).toBe(true);
    expect(inForce({ status: 1, start_date: '2026-11-26', end_date: '2027-01-01' }, today)).toBe(false);
    expect(inForce({ status: 1, start_date: '2026-01-01', end_date: '2026-11-24' }, today)).toBe(false);
    expect(inForce({ status: 2, start_date: '2026-01-01', end_date: '2027-01-01' }, today)).toBe(false);
  });
});
