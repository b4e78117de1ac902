import { describe, expect, it } from 'vitest';
import { allows, bulkTransition, type TransitionTable, transition } from './transitions.ts';

// A claim-like table, to show the module serves any domain: drafts are submitted, reviewed, paid.
type S = 'draft' | 'submitted' | 'approved' | 'rejected' | 'paid';
type A = 'submit' | 'review' | 'reject' | 'pay' | 'withdraw';
type R = 'owner' | 'finance' | 'system';
const CLAIMS: TransitionTable<S, A, R, { needsSecondReview: boolean }> = [
  { from: ['draft', 'rejected'], action: 'submit', actor: ['owner'], to: 'submitted' },
  { from: ['submitted'], action: 'review', actor: ['finance'], to: (c) => (c.needsSecondReview ? 'submitted' : 'approved') },
  { from: ['submitted'], action: 'reject', actor: ['finance'], to: 'rejected' },
  { from: ['approved'], action: 'pay', actor: ['finance', 'system'], to: 'paid' },
  { from: ['submitted'], action: 'withdraw', actor: ['owner'], to: 'draft' },
];

describe('transition()', () => {
  it('answers the target the table gives, or null', () => {
    expect(transition(CLAIMS, 'draft', 'submit', 'owner', { needsSecondReview: false })).toBe('submitted');
    expect(transition(CLAIMS, 'draft', 'submit', 'finance', { needsSecondReview: false })).toBeNull();
    expect(transition(CLAIMS, 'paid', 'submit', 'owner', { needsSecondReview: false })).toBeNull();
  });

  it('computes a target from the context when the row says so', () => {
    expect(transition(CLAIMS, 'submitted', 'review', 'finance', { needsSecondReview: true })).toBe('submitted');
    expect(transition(CLAIMS, 'submitted', 'review', 'finance', { needsSecondReview: false })).toBe('approved');
  });

  it('allows() checks without computing', () => {
    expect(allows(CLAIMS, 'approved', 'pay', 'system')).toBe(true);
    expect(allows(CLAIMS, 'approved', 'pay', 'owner')).toBe(false);
  });

  it('bulk moves need one fixed target', () => {
    expect(bulkTransition(CLAIMS, 'submit', 'owner')).toEqual({ from: ['draft', 'rejected'], to: 'submitted' });
    expect(() => bulkTransition(CLAIMS, 'review', 'finance')).toThrow(/no single fixed target/);
    expect(() => bulkTransition(CLAIMS, 'pay', 'owner')).toThrow();
  });
});
