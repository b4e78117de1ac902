import { describe, expect, it } from 'vitest';
import { transition } from '../../../platform/transitions.ts';
import { CLAIM_TRANSITIONS, currentStep, decide } from './claim-states.ts';

const both = { steps: ['team', 'institute'] as const };

describe('claim transitions', () => {
  it('walks draft → submitted → team approved → institute approved → finance review → completed', () => {
    expect(transition(CLAIM_TRANSITIONS, 'draft', 'submit', 'buyer', both)).toBe('submitted');
    expect(decide('submitted', 'team', 'pass', both.steps)).toBe('team_approved');
    expect(decide('team_approved', 'institute', 'pass', both.steps)).toBe('institute_approved');
    expect(transition(CLAIM_TRANSITIONS, 'institute_approved', 'merge', 'finance', both)).toBe('finance_review');
    expect(transition(CLAIM_TRANSITIONS, 'finance_review', 'complete', 'finance', both)).toBe('completed');
  });

  it('follows the chain fixed at submission: team only, institute only, none', () => {
    expect(decide('submitted', 'team', 'pass', ['team'])).toBe('institute_approved');
    expect(currentStep('submitted', ['institute'])).toBe('institute');
    expect(decide('submitted', 'institute', 'pass', ['institute'])).toBe('institute_approved');
    expect(transition(CLAIM_TRANSITIONS, 'draft', 'submit', 'buyer', { steps: [] })).toBe('institute_approved');
  });

  it('lets only the step the claim waits for decide', () => {
    expect(decide('submitted', 'institute', 'pass', both.steps)).toBeNull();
    expect(decide('team_approved', 'team', 'pass', both.steps)).toBeNull();
    expect(decide('institute_approved', 'institute', 'pass', both.steps)).toBeNull();
    expect(decide('draft', 'team', 'refuse', both.steps)).toBeNull();
  });

  it('refuses back to the buyer at each level, with finance sending back for papers', () => {
    expect(decide('submitted', 'team', 'refuse', both.steps)).toBe('draft');
    expect(decide('team_approved', 'institute', 'refuse', both.steps)).toBe('draft');
    expect(transition(CLAIM_TRANSITIONS, 'institute_approved', 'financeRefuse', 'finance', both)).toBe('draft');
    expect(transition(CLAIM_TRANSITIONS, 'finance_review', 'financeRefuse', 'finance', both)).toBe('draft');
    expect(transition(CLAIM_TRANSITIONS, 'finance_review', 'noComplete', 'finance', both)).toBe('draft');
    // a claim back for papers keeps its approvals: resubmitted, it goes straight to finance
    expect(transition(CLAIM_TRANSITIONS, 'draft', 'submit', 'buyer', { ...both, returned: 'supplement' })).toBe('institute_approved');
    expect(transition(CLAIM_TRANSITIONS, 'draft', 'submit', 'buyer', { ...both, returned: 'refused' })).toBe('submitted');
  });

  it('cancels only from draft or submitted, and only by the buyer', () => {
    expect(transition(CLAIM_TRANSITIONS, 'draft', 'cancel', 'buyer', both)).toBe('cancelled');
    expect(transition(CLAIM_TRANSITIONS, 'submitted', 'cancel', 'buyer', both)).toBe('cancelled');
    for (const s of ['team_approved', 'institute_approved', 'finance_review', 'completed', 'cancelled'] as const)
      expect(transition(CLAIM_TRANSITIONS, s, 'cancel', 'buyer', both)).toBeNull();
    expect(transition(CLAIM_TRANSITIONS, 'submitted', 'cancel', 'finance', both)).toBeNull();
  });

  it('keeps finance to its own moves and completed claims final', () => {
    expect(transition(CLAIM_TRANSITIONS, 'submitted', 'merge', 'finance', both)).toBeNull();
    expect(transition(CLAIM_TRANSITIONS, 'institute_approved', 'complete', 'finance', both)).toBeNull();
    for (const a of ['submit', 'pass', 'refuse', 'cancel', 'merge', 'complete', 'noComplete', 'financeRefuse'] as const)
      for (const actor of ['buyer', 'team', 'institute', 'finance'] as const) expect(transition(CLAIM_TRANSITIONS, 'completed', a, actor, both)).toBeNull();
  });
});
