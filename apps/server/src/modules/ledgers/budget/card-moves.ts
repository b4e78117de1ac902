import type { Transaction } from 'kysely';
import type { DB } from '../../../platform/db/schema.ts';
import {
  type CardRow,
  checkAtSubmission,
  type DrawRef,
  drawSubOrders,
  type FreezeOutcome,
  freezeOrder,
  refundOnCard,
  releaseSubOrders,
} from './budget-ledger.ts';

/**
 * The budget moves another module makes inside its own transaction, bound to that transaction by
 * `grantCards.within(trx)`: orders check the card at submission, freeze at the final approval and
 * release on refusal, cancellation, stop and refund (refundOnCard: part of one refunded after
 * delivery); claims (on completion) and payments (a supplier statement paid) draw. The caller keeps
 * its transaction to itself and names the move; budget-ledger.ts does the bookkeeping.
 */
export class CardMoves {
  constructor(private readonly trx: Transaction<DB>) {}

  /** 'check' entry at submission (no money): fails on an unusable card. */
  checkOrder(card: CardRow, o: { orderId: number; total: number; actorId: number }): Promise<void> {
    return checkAtSubmission(this.trx, card, o);
  }

  /** At the order's final approval: every live sub-order's total frozen on the order's card. */
  freezeOrder(o: { orderId: number; cardId: number | null; actorId: number }, override: { reason: string | null; allowed: boolean }): Promise<FreezeOutcome> {
    return freezeOrder(this.trx, o, override);
  }

  /** Refused, cancelled, stopped or refunded sub-orders: their open freeze goes back to the card. */
  releaseSubOrders(subIds: number[], actorId: number | null, reason: string): Promise<void> {
    return releaseSubOrders(this.trx, subIds, actorId, reason);
  }

  /** Part of a sub-order refunded after delivery: the freeze shrinks, or the draw is taken back. */
  refundOnCard(r: { subOrderId: number; amount: number; actorId: number | null; ref: string; reason: string }): Promise<void> {
    return refundOnCard(this.trx, r);
  }

  /** The sub-orders' money is spent (claim completed, statement paid): each draws once. Returns how many drew now. */
  drawSubOrders(subOrderIds: number[], ref: DrawRef = {}): Promise<number> {
    return drawSubOrders(this.trx, subOrderIds, ref);
  }
}
