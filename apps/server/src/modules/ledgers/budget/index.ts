import type { AppContext } from '../../../platform/context.ts';
import type { Module } from '../../../platform/module.ts';
import type { ApprovalsService } from '../../shared/approvals/index.ts';
import type { DictsService } from '../../shared/dicts/index.ts';
import type { RebindOrders } from './budget-ledger.ts';
import { registerGrantCardCheckoutRoutes } from './grant-card-checkout.routes.ts';
import { registerGrantCardFeedRoutes } from './grant-card-feed.routes.ts';
import { GrantCardFeed } from './grant-card-feed.ts';
import { registerGrantCardLedgerRoutes } from './grant-card-ledger.routes.ts';
import { GrantCardsRepository } from './grant-cards.repository.ts';
import { registerGrantCardRoutes } from './grant-cards.routes.ts';
import { GrantCardsService } from './grant-cards.service.ts';

export type { DrawRef, FreezeOutcome } from './budget-ledger.ts';
/**
 * Ledger moves other modules make inside their own transactions: orders freeze at the final
 * approval and release on refusal, cancellation, stop and refund (refundOnCard: part of one refunded
 * after delivery); claims (on completion) and payments (when a supplier statement is paid) draw,
 * once per sub-order whichever comes first. Callers reach them as `grantCards.within(trx).…`
 * (CardMoves); the free functions stay for callers not yet moved over and for tests.
 */
export { drawSubOrders, freezeOrder, refundOnCard, releaseSubOrders, shortfallMessage } from './budget-ledger.ts';
export type { CardMoves } from './card-moves.ts';
export type { GroupForLine, LineMapping } from './grant-cards.service.ts';
export type { GrantCardsService };

/** 课题经费卡 and their budget ledger (docs/domains/ledgers.md#grant-cards). */
export function createBudgetModule(
  ctx: AppContext,
  deps: {
    approvals: ApprovalsService;
    dicts: DictsService;
    /** orders move to the new card at a carry-forward: the orders module's own write (port; orders sit above) */
    rebindOrders: RebindOrders;
  },
): Module<{ grantCards: GrantCardsService }> {
  const repo = new GrantCardsRepository(ctx.database.db);
  const grantCards = new GrantCardsService(repo, deps.approvals, deps.dicts, deps.rebindOrders);
  const feed = new GrantCardFeed(repo);
  return {
    services: { grantCards },
    // one registrar per resource; this order keeps the OpenAPI document's order of the routes
    register: (app) => {
      registerGrantCardRoutes(app, grantCards);
      registerGrantCardLedgerRoutes(app, grantCards);
      registerGrantCardCheckoutRoutes(app, grantCards);
      registerGrantCardFeedRoutes(app, feed);
    },
  };
}
