import type { ClaimActor, ClaimReturn, ClaimStatus, ClaimStep } from '@kc/contracts/finance/claims';
import { type TransitionTable, transition } from '../../../platform/transitions.ts';

/**
 * Claim states as a transitions table (pure; tested beside this file; docs/CLAIM-STATES.md is the
 * same table for people).
 *
 *   draft ─submit→ submitted ─team pass→ team_approved ─institute pass→ institute_approved
 *         ─finance merges and passes→ finance_review ─complete→ completed
 *
 * - The chain (team, institute, both or none) follows the institute's approval flow and is fixed at
 *   submission. `submitted` waits for the chain's first step, whichever it is; `team_approved` waits
 *   for the institute after the team leader passed; a claim whose chain is empty goes straight to
 *   finance.
 * - Refusal at any level sends the claim back to its buyer (draft) with a reason; finance's
 *   noComplete (退回补充材料) does the same keeping the approvals: resubmitting a claim that came
 *   back for papers goes straight to finance again. The claim keeps its number throughout.
 * - The buyer cancels only while nobody has decided: from draft or submitted.
 */
export type { ClaimActor, ClaimStatus, ClaimStep };
export type ClaimMove = 'submit' | 'pass' | 'refuse' | 'cancel' | 'merge' | 'complete' | 'noComplete' | 'financeRefuse';

export interface ClaimContext {
  /** the chain fixed at submission */
  steps: readonly ClaimStep[];
  /** why the draft came back (a claim returned for papers skips the approvals it already has) */
  returned?: ClaimReturn;
}

const afterSubmit = (c: ClaimContext): ClaimStatus => (c.returned === 'supplement' || c.steps.length === 0 ? 'institute_approved' : 'submitted');
/** After the team leader passes: the institute when the chain has it, otherwise finance. */
const afterTeam = (c: ClaimContext): ClaimStatus => (c.steps.includes('institute') ? 'team_approved' : 'institute_approved');

export const CLAIM_TRANSITIONS: TransitionTable<ClaimStatus, ClaimMove, ClaimActor, ClaimContext> = [
  { from: ['draft'], action: 'submit', actor: ['buyer'], to: afterSubmit },
  { from: ['submitted'], action: 'pass', actor: ['team'], to: afterTeam },
  { from: ['submitted', 'team_approved'], action: 'pass', actor: ['institute'], to: 'institute_approved' },
  { from: ['submitted', 'team_approved'], action: 'refuse', actor: ['team', 'institute'], to: 'draft' },
  { from: ['draft', 'submitted'], action: 'cancel', actor: ['buyer'], to: 'cancelled' },
  { from: ['institute_approved'], action: 'merge', actor: ['finance'], to: 'finance_review' },
  { from: ['finance_review'], action: 'complete', actor: ['finance'], to: 'completed' },
  { from: ['finance_review'], action: 'noComplete', actor: ['finance'], to: 'draft' },
  { from: ['institute_approved', 'finance_review'], action: 'financeRefuse', actor: ['finance'], to: 'draft' },
];

/** The approval step a claim waits for (null when it waits for nobody's approval: draft, finance, done). */
export function currentStep(status: ClaimStatus, steps: readonly ClaimStep[]): ClaimStep | null {
  if (status === 'submitted') return steps[0] ?? null;
  if (status === 'team_approved') return 'institute';
  return null;
}

/**
 * The target of an approver's decision, or null: the table allows it and the claim waits for this
 * very step (the institute may not pass a claim still waiting for its team leader).
 */
export function decide(status: ClaimStatus, step: ClaimStep, action: 'pass' | 'refuse', steps: readonly ClaimStep[]): ClaimStatus | null {
  if (currentStep(status, steps) !== step) return null;
  return transition(CLAIM_TRANSITIONS, status, action, step, { steps });
}

/** Statuses in which a claim still holds its invoices (from submission until it is sent back or cancelled). */
export const HOLDS_INVOICES: readonly ClaimStatus[] = ['submitted', 'team_approved', 'institute_approved', 'finance_review', 'completed'];

export const stepsOf = (s: string): ClaimStep[] => s.split(',').filter((x): x is ClaimStep => x === 'team' || x === 'institute');
