import { PRICE_IMPORT_CONFIRM_MINUTES, type PriceImportStatus } from '@kc/contracts/supply/catalog-price-imports';
import { type StagedMove, stagedImport } from '../../../platform/documents/index.ts';
import { allows, type TransitionTable, transition } from '../../../platform/transitions.ts';

/**
 * Price import states as a transitions table (pure; tested beside this file), the staged-import
 * lifecycle's table in the price import's words plus its own moves (cancel, rollBack).
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
export type PriceImportMove = StagedMove | 'cancel' | 'rollBack';
/** The supplier acts on its own imports; the sweep expires open ones past their deadline. */
export type PriceImportActor = 'supplier' | 'sweep';

/**
 * The price import as a staged import (platform/documents/staged-import.ts): checked while it holds
 * the supplier's slot (`active_supplier`, freed when it expires), its rows in price_import_row, an
 * hour to confirm; records are kept (a rollback reads them). Cancel and rollback are its own moves.
 */
export const PRICE_IMPORT = stagedImport<PriceImportStatus, 'confirm', 'supplier', 'cancel' | 'rollBack'>({
  table: 'price_import',
  words: { checking: 'validating', staged: 'validated', applied: 'applied', expired: 'expired' },
  owner: 'supplier',
  confirm: 'confirm',
  moves: [
    { from: ['validated'], action: 'cancel', actor: ['supplier'], to: 'cancelled' },
    { from: ['applied'], action: 'rollBack', actor: ['supplier'], to: 'rolledBack' },
  ],
  minutes: PRICE_IMPORT_CONFIRM_MINUTES,
  // a validation that never finished (the process stopped) frees the supplier's slot after this
  checkingMinutes: 10,
  rows: { table: 'price_import_row', importId: 'import_id', rowNo: 'row_no', batch: 500 },
  onExpire: { active_supplier: null },
});

/** Where an upload starts: checking its rows, holding the supplier's slot. */
export const PRICE_IMPORT_OPENED: PriceImportStatus = PRICE_IMPORT.startState(0);
/** The status of the record a rollback writes: applied at once, never moved. */
export const ROLLBACK_RECORD: PriceImportStatus = 'rollback';

export const PRICE_IMPORT_TRANSITIONS: TransitionTable<PriceImportStatus, PriceImportMove, PriceImportActor> = PRICE_IMPORT.transitions;

/** The status the supplier's move leads to, or null when the import's status does not allow it. */
export const priceImportMove = (from: string, move: Exclude<PriceImportMove, 'expire'>) =>
  transition(PRICE_IMPORT_TRANSITIONS, from as PriceImportStatus, move, 'supplier');

/** Whether the import, as it stands, may be rolled back (the latest applied one, checked by the caller). */
export const rollbackAllowed = (status: string) => allows(PRICE_IMPORT_TRANSITIONS, status as PriceImportStatus, 'rollBack', 'supplier');

/** The check of an upload's rows, done in the upload's request: where it starts and where it waits. */
export const PRICE_IMPORT_VALIDATION = PRICE_IMPORT.validation as { from: PriceImportStatus[]; to: PriceImportStatus };

/** The sweep as one update over the supplier's open imports: the statuses it expires and the one they take. */
export const PRICE_IMPORT_EXPIRY = PRICE_IMPORT.expiry;

/** Imports whose values reached the items: the latest of them is the one a rollback may undo. */
export const PRICE_IMPORT_APPLIED: readonly PriceImportStatus[] = ['applied', 'rolledBack', ROLLBACK_RECORD];
