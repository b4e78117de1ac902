import type { ChangeStatus } from '@kc/contracts/identity/account-centre';
import type { TransitionTable } from '../../../platform/transitions.ts';

/** A change request is decided once: pending → approved | rejected by a reviewer; nothing leaves a decision. */
export const CHANGE_TRANSITIONS: TransitionTable<ChangeStatus, 'approve' | 'reject', 'reviewer'> = [
  { from: ['pending'], action: 'approve', actor: ['reviewer'], to: 'approved' },
  { from: ['pending'], action: 'reject', actor: ['reviewer'], to: 'rejected' },
];

const DAY = 24 * 3600_000;
/** Pending for more than two working days (Mon–Fri, Shanghai calendar): the SLA badge of docs/domains/identity.md#change-requests. */
export function overdue(createdAt: string, now = Date.now()): boolean {
  let days = 0;
  const shanghai = (ms: number) => new Date(ms + 8 * 3600_000);
  for (let t = Date.parse(createdAt) + DAY; t <= now; t += DAY) {
    const d = shanghai(t).getUTCDay();
    if (d !== 0 && d !== 6) days++;
    if (days > 2) return true;
  }
  return false;
}
