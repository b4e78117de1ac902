import type { STOCKTAKE_STATUS_TEXT } from '@kc/contracts/ledgers/inventory';
import { type TransitionTable, transition } from '../../../platform/transitions.ts';

/**
 * Stocktake states as a transitions table (pure; tested beside this file).
 *
 *   (opened) open ─count→ open ─close→ closed
 *
 * - A stocktake opens over the in-stock containers of its scope; counting records lines and keeps
 *   it open, as often as needed.
 * - Closing turns every difference into an 'adjust' ledger row; a closed stocktake is final (a
 *   second close, or a count after it, is refused).
 * - The keeper is whoever holds the inventory's stocktake rights in the stocktake's scope (the
 *   routes check the permission, the scope reads the row).
 */
export type StocktakeStatus = keyof typeof STOCKTAKE_STATUS_TEXT;
export type StocktakeMove = 'count' | 'close';
export type StocktakeActor = 'keeper';

/** Where a stocktake starts. */
export const STOCKTAKE_OPENED: StocktakeStatus = 'open';

export const STOCKTAKE_TRANSITIONS: TransitionTable<StocktakeStatus, StocktakeMove, StocktakeActor> = [
  { from: ['open'], action: 'count', actor: ['keeper'], to: 'open' },
  { from: ['open'], action: 'close', actor: ['keeper'], to: 'closed' },
];

/** The status a keeper's move leads to, or null when the stocktake's status does not allow it. */
export const nextStocktakeStatus = (from: string, move: StocktakeMove) => transition(STOCKTAKE_TRANSITIONS, from as StocktakeStatus, move, 'keeper');
