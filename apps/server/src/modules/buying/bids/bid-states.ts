import type { BidState } from '@kc/contracts/buying/bids';
import type { TransitionTable } from '../../../platform/transitions.ts';

export type BidAction = 'edit' | 'open' | 'award' | 'rebid' | 'close';
export type BidActor = 'buyer' | 'system';

/** At opening: how many bids of the round are valid (MIN_VALID_BIDS or more opens the round, fewer fails it). */
export interface OpenCtx {
  validBids: number;
  minValid: number;
}

/**
 * The states of a bid project (人读版本 docs/ARCHITECTURE.md「招标采购」):
 *   bidding —edit (buyer, before the deadline; voids the round's bids)→ bidding
 *   bidding —open (system, at the deadline)→ opened (≥ minValid valid bids) | failed (fewer)
 *   opened  —award (buyer)→ awarded (the lowest valid bid, ties to the earliest, becomes an order)
 *   failed | opened —rebid (buyer, new deadline)→ bidding (next round)
 *   bidding | opened | failed —close (buyer)→ closed
 */
export const BID_TRANSITIONS: TransitionTable<BidState, BidAction, BidActor, OpenCtx | undefined> = [
  { from: ['bidding'], action: 'edit', actor: ['buyer'], to: 'bidding' },
  { from: ['bidding'], action: 'open', actor: ['system'], to: (c) => ((c?.validBids ?? 0) >= (c?.minValid ?? 1) ? 'opened' : 'failed') },
  { from: ['opened'], action: 'award', actor: ['buyer'], to: 'awarded' },
  { from: ['failed', 'opened'], action: 'rebid', actor: ['buyer'], to: 'bidding' },
  { from: ['bidding', 'opened', 'failed'], action: 'close', actor: ['buyer'], to: 'closed' },
];
