import type { OrderImportVO } from '@kc/contracts/oversight/exports';
import { bulkTransition, type TransitionTable, transition } from '../../../platform/transitions.ts';

/**
 * Order import states as a transitions table (pure; tested beside this file).
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
export type OrderImportMove = 'apply' | 'expire';
/** The platform admin confirms; the sweep expires. */
export type OrderImportActor = 'admin' | 'sweep';

/** Where an uploaded sheet starts: invalid with any bad row, else ready to apply. */
export const importStatusAtUpload = (errorRows: number): OrderImportStatus => (errorRows ? 'invalid' : 'ready');

export const ORDER_IMPORT_TRANSITIONS: TransitionTable<OrderImportStatus, OrderImportMove, OrderImportActor> = [
  { from: ['ready'], action: 'apply', actor: ['admin'], to: 'applied' },
  { from: ['ready', 'invalid'], action: 'expire', actor: ['sweep'], to: 'expired' },
];

/** The status the admin's confirmation leads to, or null when the import's status does not allow it. */
export const appliedStatus = (from: string) => transition(ORDER_IMPORT_TRANSITIONS, from as OrderImportStatus, 'apply', 'admin');

/** The sweep as one update over every stale preview: the statuses it expires and the one they take. */
export const IMPORT_EXPIRY = bulkTransition(ORDER_IMPORT_TRANSITIONS, 'expire', 'sweep');
