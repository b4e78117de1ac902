import type { PriceImportStatus } from '@kc/contracts/supply/catalog-price-imports';
import { allows, bulkTransition, type TransitionTable, transition } from '../../../platform/transitions.ts';

/**
 * Price import states as a transitions table (pure; tested beside this file).
 *
 *   (upload) validating ─validate→ validated ─confirm→ applied ─rollBack→ rolledBack
 *                 │                   └─cancel→ cancelled
 *                 └──────── expire ───┴→ expired
 *   (a rollback's own record) rollback
 *
 * - An upload holds the supplier's one open slot while its rows are checked (validating); checked,
 *   it waits for confirmation (validated) until its deadline. An upload that fails to be checked is
 *   deleted, not moved.
 * - Past the deadline an open import expires; the expiry runs whenever the supplier's imports are
 *   read (the sweep), so a validation the process never finished frees the slot too.
 * - Confirming applies every row at once; only the latest applied import may be rolled back, and
 *   the rollback is written as a record of its own, in `rollback`, which is final.
 */
export type { PriceImportStatus };
export type PriceImportMove = 'validate' | 'confirm' | 'cancel' | 'rollBack' | 'expire';
/** The supplier acts on its own imports; the sweep expires open ones past their deadline. */
export type PriceImportActor = 'supplier' | 'sweep';

/** Where an upload starts: checking its rows, holding the supplier's slot. */
export const PRICE_IMPORT_OPENED: PriceImportStatus = 'validating';
/** The status of the record a rollback writes: applied at once, never moved. */
export const ROLLBACK_RECORD: PriceImportStatus = 'rollback';

export const PRICE_IMPORT_TRANSITIONS: TransitionTable<PriceImportStatus, PriceImportMove, PriceImportActor> = [
  { from: ['validating'], action: 'validate', actor: ['supplier'], to: 'validated' },
  { from: ['validated'], action: 'confirm', actor: ['supplier'], to: 'applied' },
  { from: ['validated'], action: 'cancel', actor: ['supplier'], to: 'cancelled' },
  { from: ['applied'], action: 'rollBack', actor: ['supplier'], to: 'rolledBack' },
  { from: ['validating', 'validated'], action: 'expire', actor: ['sweep'], to: 'expired' },
];

/** The status the supplier's move leads to, or null when the import's status does not allow it. */
export const priceImportMove = (from: string, move: Exclude<PriceImportMove, 'expire'>) =>
  transition(PRICE_IMPORT_TRANSITIONS, from as PriceImportStatus, move, 'supplier');

/** Whether the import, as it stands, may be rolled back (the latest applied one, checked by the caller). */
export const rollbackAllowed = (status: string) => allows(PRICE_IMPORT_TRANSITIONS, status as PriceImportStatus, 'rollBack', 'supplier');

/** The check of an upload's rows, done in the upload's request: where it starts and where it waits. */
export const PRICE_IMPORT_VALIDATION = bulkTransition(PRICE_IMPORT_TRANSITIONS, 'validate', 'supplier');

/** The sweep as one update over the supplier's open imports: the statuses it expires and the one they take. */
export const PRICE_IMPORT_EXPIRY = bulkTransition(PRICE_IMPORT_TRANSITIONS, 'expire', 'sweep');

/** Imports whose values reached the items: the latest of them is the one a rollback may undo. */
export const PRICE_IMPORT_APPLIED: readonly PriceImportStatus[] = ['applied', 'rolledBack', ROLLBACK_RECORD];
