import { ORDER_IMPORT_TTL_MINUTES, type OrderImportVO } from '@kc/contracts/oversight/exports';
import { type StagedMove, stagedImport } from '../../../platform/documents/index.ts';
import { type TransitionTable, transition } from '../../../platform/transitions.ts';

/**
 * Order import states as a transitions table (pure; tested beside this file), the staged-import
 * lifecycle's table in the order import's words.
 *
 *   (uploaded) ready ─apply→ applied
 *              invalid (a sheet with any bad row: nothing to apply)
 *   ready, invalid ─expire→ expired (the preview's hour passed)
 *
 * - An import with any bad row is invalid from the start and keeps no rows: it can never be applied.
 * - Applying writes every order in one transaction, once: the platform admin confirms a ready
 *   import within its hour; a second confirmation (or one after expiry) changes nothing.
 * - The sweep (and every read of an import) expires previews past their hour.
 */
export type OrderImportStatus = OrderImportVO['status'];
export type OrderImportMove = StagedMove<'apply'>;
/** The platform admin confirms; the sweep expires. */
export type OrderImportActor = 'admin' | 'sweep';

/**
 * The order import as a staged import (platform/documents/staged-import.ts): its checked rows and
 * errors as JSON on the record, an hour to confirm, records deleted after 7 days.
 */
export const ORDER_IMPORT = stagedImport<OrderImportStatus, 'apply', 'admin'>({
  table: 'order_import',
  words: { staged: 'ready', invalid: 'invalid', applied: 'applied', expired: 'expired' },
  invalidExpires: true,
  owner: 'admin',
  confirm: 'apply',
  minutes: ORDER_IMPORT_TTL_MINUTES,
  keepDays: 7,
  rows: { json: 'rows', errors: 'errors' },
});

/** Where an uploaded sheet starts: invalid with any bad row, else ready to apply. */
export const importStatusAtUpload = (errorRows: number): OrderImportStatus => ORDER_IMPORT.startState(errorRows);

export const ORDER_IMPORT_TRANSITIONS: TransitionTable<OrderImportStatus, OrderImportMove, OrderImportActor> = ORDER_IMPORT.transitions;

/** The status the admin's confirmation leads to, or null when the import's status does not allow it. */
export const appliedStatus = (from: string) => transition(ORDER_IMPORT_TRANSITIONS, from as OrderImportStatus, 'apply', 'admin');

/** The sweep as one update over every stale preview: the statuses it expires and the one they take. */
export const IMPORT_EXPIRY = ORDER_IMPORT.expiry;
