import type { StatementStatus } from '@kc/contracts/finance/settlement';
import { type TransitionTable, transition } from '../../../platform/transitions.ts';

/**
 * Statement states as a transitions table (pure; tested beside this file; docs/STATEMENT-STATES.md
 * is the same table for people).
 *
 *   draft ─send→ sent ─confirm→ supplier_confirmed ─approve→ finance_approved ─pay→ partially_paid ─pay→ paid ─close→ closed
 *                 └─dispute→ disputed ─resend→ sent
 *
 * - The supplier disputes lines, each with a reason; only those lines reopen: finance corrects or
 *   removes them (the statement stays disputed) and sends the statement again.
 * - A payment moves an approved statement to partially_paid, or to paid when it settles the rest;
 *   approving a statement with nothing due (only refunds, or after-sales refunds outweighing what
 *   was accepted: a net at or below 0) makes it paid at once; a net below 0 is what the supplier
 *   owes, carried into the next statements as a deduction (statements.service carryCredits).
 * - A draft may be cancelled (作废): its sub-orders become free for another statement.
 */
export type { StatementStatus };
export type StatementMove = 'send' | 'cancel' | 'confirm' | 'dispute' | 'resend' | 'approve' | 'pay' | 'close';
export type StatementActor = 'finance' | 'supplier';

export interface StatementContext {
  /** what is still open after the move (net − paid) */
  open?: number;
}

const paidOrPart = (c: StatementContext): StatementStatus => ((c.open ?? 1) === 0 ? 'paid' : 'partially_paid');

export const STATEMENT_TRANSITIONS: TransitionTable<StatementStatus, StatementMove, StatementActor, StatementContext> = [
  { from: ['draft'], action: 'send', actor: ['finance'], to: 'sent' },
  { from: ['draft'], action: 'cancel', actor: ['finance'], to: 'cancelled' },
  { from: ['sent'], action: 'confirm', actor: ['supplier'], to: 'supplier_confirmed' },
  { from: ['sent'], action: 'dispute', actor: ['supplier'], to: 'disputed' },
  { from: ['disputed'], action: 'resend', actor: ['finance'], to: 'sent' },
  { from: ['supplier_confirmed'], action: 'approve', actor: ['finance'], to: (c) => ((c.open ?? 1) <= 0 ? 'paid' : 'finance_approved') },
  { from: ['finance_approved', 'partially_paid'], action: 'pay', actor: ['finance'], to: paidOrPart },
  { from: ['paid'], action: 'close', actor: ['finance'], to: 'closed' },
];

export const nextStatus = (from: StatementStatus, move: StatementMove, actor: StatementActor, ctx: StatementContext = {}) =>
  transition(STATEMENT_TRANSITIONS, from, move, actor, ctx);

/** Statements that take payments. */
export const PAYABLE: StatementStatus[] = ['finance_approved', 'partially_paid'];
/** Statements whose approved amounts the supplier is owed until paid. */
export const APPROVED: StatementStatus[] = ['finance_approved', 'partially_paid', 'paid', 'closed'];
