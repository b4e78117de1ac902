import { SupplierStatus } from '@kc/contracts/supply/supplier-registration';
import type { TransitionTable } from '../../../platform/transitions.ts';

/**
 * A supplier's registration as states: the platform reviews a pending registration once, and may
 * later disable a working supplier (qualifications lapsed, a complaint upheld) and enable it again.
 */
export type SupplierState = 'pending' | 'active' | 'refused' | 'disabled';
export type ReviewAction = 'approve' | 'refuse' | 'disable' | 'enable';

export const SUPPLIER_REVIEW_TRANSITIONS: TransitionTable<SupplierState, ReviewAction, 'platform'> = [
  { from: ['pending'], action: 'approve', actor: ['platform'], to: 'active' },
  { from: ['pending'], action: 'refuse', actor: ['platform'], to: 'refused' },
  { from: ['active'], action: 'disable', actor: ['platform'], to: 'disabled' },
  { from: ['disabled'], action: 'enable', actor: ['platform'], to: 'active' },
];

/** The stored status codes (SupplierStatus) and the states of the table. */
export const SUPPLIER_STATE_CODE: Record<SupplierState, number> = {
  pending: SupplierStatus.PENDING,
  active: SupplierStatus.ACTIVE,
  refused: SupplierStatus.REFUSED,
  disabled: SupplierStatus.DISABLED,
};
export const supplierStateOf = (code: number): SupplierState =>
  (Object.entries(SUPPLIER_STATE_CODE).find(([, c]) => c === code)?.[0] as SupplierState | undefined) ?? 'disabled';
