import { shanghaiDate } from '@kc/contracts/platform/common';
import { CONTRACT_EXPIRING_DAYS, type ContractPhase, ContractStatus } from '@kc/contracts/supply/agreements';
import type { TransitionTable } from '../../../platform/transitions.ts';

/**
 * A contract's stored states and who moves it: the supplier drafts and submits; the platform signs
 * (status 1, active), sends back, or terminates with a reason (the exit form); the system moves an
 * active contract past its end date to renewed (a signed renewal continues it) or expired.
 * "Expiring" and "renewal pending" are phases of an active contract, not states: docs/domains/supply.md#contract-gate makes
 * status 1 the only active one, and a contract must stay active until its last day.
 */
export type ContractState = 'draft' | 'pendingSign' | 'active' | 'renewed' | 'expired' | 'terminated';
export type ContractAction = 'submit' | 'withdraw' | 'sign' | 'refuse' | 'terminate' | 'expire';
export type ContractActor = 'supplier' | 'platform' | 'system';

export const CONTRACT_TRANSITIONS: TransitionTable<ContractState, ContractAction, ContractActor, { renewed: boolean }> = [
  { from: ['draft'], action: 'submit', actor: ['supplier'], to: 'pendingSign' },
  { from: ['pendingSign'], action: 'withdraw', actor: ['supplier'], to: 'draft' },
  { from: ['pendingSign'], action: 'sign', actor: ['platform'], to: 'active' },
  { from: ['pendingSign'], action: 'refuse', actor: ['platform'], to: 'draft' },
  { from: ['active'], action: 'terminate', actor: ['platform'], to: 'terminated' },
  { from: ['active'], action: 'expire', actor: ['system'], to: (c) => (c.renewed ? 'renewed' : 'expired') },
];

export const CONTRACT_STATE_CODE: Record<ContractState, number> = {
  draft: ContractStatus.DRAFT,
  pendingSign: ContractStatus.PENDING_SIGN,
  active: ContractStatus.ACTIVE,
  renewed: ContractStatus.RENEWED,
  expired: ContractStatus.EXPIRED,
  terminated: ContractStatus.TERMINATED,
};
export const contractStateOf = (code: number): ContractState =>
  (Object.entries(CONTRACT_STATE_CODE).find(([, c]) => c === code)?.[0] as ContractState | undefined) ?? 'draft';

/** Renewal states of a supplier × institute relation, kept on its current contract. */
export const RenewStatus = { NONE: 0, DUE: 1, PENDING: 2, RENEWED: 3, STOP: 4 } as const;

const DAY = 86_400_000;

/** Today in Asia/Shanghai as YYYY-MM-DD (contract dates are calendar days there). */
export const shanghaiToday = (now: Date = new Date()) => shanghaiDate(now);

/** Whole days from `from` to `to` (YYYY-MM-DD). */
export const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY);

export const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

/** In force today: status 1 and within its dates (the read-time check; the daily job only tidies the status). */
export const inForce = (c: { status: number; start_date: string; end_date: string }, today: string) =>
  c.status === ContractStatus.ACTIVE && c.start_date <= today && c.end_date >= today;

/**
 * The phase a list shows. An active contract past its end reads as expired (or renewed) even before
 * the daily job has moved it; one that has not started yet reads as active (signed, waiting).
 */
export function phaseOf(c: { status: number; end_date: string; renew_status: number }, today: string): { phase: ContractPhase; daysLeft: number | null } {
  const state = contractStateOf(c.status);
  if (state !== 'active') return { phase: state, daysLeft: null };
  const daysLeft = daysBetween(today, c.end_date);
  if (daysLeft < 0) return { phase: c.renew_status === RenewStatus.RENEWED ? 'renewed' : 'expired', daysLeft: null };
  if (c.renew_status === RenewStatus.PENDING) return { phase: 'renewalPending', daysLeft };
  if (daysLeft <= CONTRACT_EXPIRING_DAYS) return { phase: 'expiring', daysLeft };
  return { phase: 'active', daysLeft };
}
