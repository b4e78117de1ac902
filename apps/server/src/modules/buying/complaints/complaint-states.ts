import type { ComplaintStatus } from '@kc/contracts/buying/complaints';
import type { TransitionTable } from '../../../platform/transitions.ts';

export type ComplaintAction = 'accept' | 'resolve' | 'reject';
export const COMPLAINT_ACTION_TEXT: Record<ComplaintAction, string> = { accept: '受理', resolve: '办结', reject: '驳回' };

/**
 * The platform handles complaints: it accepts (受理) one and then resolves it, or rejects it with a
 * reply (an unfounded complaint may be rejected without being accepted). The supplier's answer is
 * not a move: it may reply while the complaint is open.
 */
export const COMPLAINT_TRANSITIONS: TransitionTable<ComplaintStatus, ComplaintAction, 'admin'> = [
  { from: ['submitted'], action: 'accept', actor: ['admin'], to: 'processing' },
  { from: ['processing'], action: 'resolve', actor: ['admin'], to: 'resolved' },
  { from: ['submitted', 'processing'], action: 'reject', actor: ['admin'], to: 'rejected' },
];

/** Open complaints: the supplier may still answer. */
export const COMPLAINT_OPEN: ComplaintStatus[] = ['submitted', 'processing'];
