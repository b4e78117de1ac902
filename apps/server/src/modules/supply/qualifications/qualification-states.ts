import { QUALIFICATION_STATUS } from '@kc/contracts/supply/qualifications';
import type { TransitionTable } from '../../../platform/transitions.ts';

/**
 * A qualification's review: the platform approves or refuses a pending one; any change by the
 * supplier sends it back to review (an approved one stops counting until approved again, so a
 * renewal is best added as a new qualification while the old one still runs); the supplier may
 * withdraw one at any time short of withdrawn.
 */
export type QualificationState = 'pending' | 'approved' | 'refused' | 'withdrawn';
export type QualificationAction = 'approve' | 'refuse' | 'change' | 'withdraw';
export type QualificationActor = 'platform' | 'supplier';

export const QUALIFICATION_TRANSITIONS: TransitionTable<QualificationState, QualificationAction, QualificationActor> = [
  { from: ['pending'], action: 'approve', actor: ['platform'], to: 'approved' },
  { from: ['pending'], action: 'refuse', actor: ['platform'], to: 'refused' },
  { from: ['pending', 'approved', 'refused'], action: 'change', actor: ['supplier'], to: 'pending' },
  { from: ['pending', 'approved', 'refused'], action: 'withdraw', actor: ['supplier'], to: 'withdrawn' },
];

export const QUALIFICATION_STATE_CODE: Record<QualificationState, number> = {
  pending: QUALIFICATION_STATUS.PENDING,
  approved: QUALIFICATION_STATUS.APPROVED,
  refused: QUALIFICATION_STATUS.REFUSED,
  withdrawn: QUALIFICATION_STATUS.WITHDRAWN,
};

export const qualificationStateOf = (code: number): QualificationState =>
  (Object.entries(QUALIFICATION_STATE_CODE).find(([, c]) => c === code)?.[0] as QualificationState | undefined) ?? 'withdrawn';
