import type { Transaction } from 'kysely';
import type { DB } from '../../../platform/db/schema.ts';
import { fail } from '../../../platform/http/errors.ts';
import type { GrantCardsService } from '../../ledgers/budget/index.ts';
import type { InventoryService } from '../../ledgers/inventory/index.ts';
import type { StatisticsService } from '../../ledgers/statistics/index.ts';
import { RefundRepository } from './refund.repository.ts';

export interface PartRefund {
  subOrderId: number;
  /** the request refunded, e.g. { source: 'after_sale', sourceId: 12, ref: 'SH…' } */
  source: 'after_sale';
  sourceId: number;
  ref: string;
  /** the lines refunded: units and fen (priced by the caller from the order lines, never by a client) */
  lines: readonly { lineId: number; quantity: number; amount: number }[];
  /** the goods came back to the supplier: their containers leave the lab's inventory */
  goodsBack: boolean;
  actorId: number | null;
  reason: string;
}

/**
 * The one refund path: what money and stock do when a sub-order, or part of one, is refunded. Both
 * callers run it inside their own transaction, after their conditional state change:
 *
 *  - the whole sub-order (orders: 申请退款 → refundConfirm, status refunded, before acceptance): its
 *    grant-card freeze is released and whatever its acceptance counted in statistics is reversed;
 *    the statement shows it as a refund line with nothing due and invoices bill nothing of it
 *    (both read the status).
 *  - part of it after delivery (after-sales: a return or refund-only finished by the supplier):
 *    see refundPart.
 */
export class Refunds {
  constructor(
    private readonly ledgers: {
      grantCards: Pick<GrantCardsService, 'within'>;
      inventory: Pick<InventoryService, 'within'>;
      statistics: Pick<StatisticsService, 'within'>;
    },
  ) {}

  /** The whole sub-order, before acceptance (see above). */
  async whole(trx: Transaction<DB>, r: { subOrderId: number; actorId: number | null; reason: string }) {
    await this.ledgers.grantCards.within(trx).releaseSubOrders([r.subOrderId], r.actorId, r.reason);
    await this.ledgers.statistics.within(trx).recordRefund(r.subOrderId);
  }

  /**
   * Part of a sub-order refunded after delivery, in the caller's transaction; once per source (a
   * second call for the same request changes nothing and answers false):
   *  - sub_order_refund records it, and the lines' and sub-order's refunded figures grow (never past
   *    what was delivered);
   *  - the grant card gives the amount back: the freeze shrinks, or the draw is reversed if paid;
   *  - statistics: the accepted facts of the lines get their negative entries;
   *  - inventory: returned goods leave the lab's stock when they had been stocked in;
   *  - invoices then bill accepted − refunded per line and rate, and the supplier's statement for the
   *    month carries the refund as a negative line (both read what is recorded here).
   */
  async part(trx: Transaction<DB>, r: PartRefund): Promise<boolean> {
    const repo = new RefundRepository(trx);
    const amount = r.lines.reduce((a, l) => a + l.amount, 0);
    const sub = await repo.subOrder(r.subOrderId);
    if (!sub) return fail('NOT_FOUND', '子订单不存在');
    const recorded = await repo.record({
      subOrderId: sub.id,
      orderId: sub.order_id,
      supplierId: sub.supplier_id,
      source: r.source,
      sourceId: r.sourceId,
      ref: r.ref,
      amount,
      actorId: r.actorId,
    });
    if (!recorded) return false;
    await repo.addRefunded(sub.id, r.lines);
    await this.ledgers.grantCards.within(trx).refundOnCard({ subOrderId: sub.id, amount, actorId: r.actorId, ref: `${r.source}:${r.ref}`, reason: r.reason });
    await this.ledgers.statistics.within(trx).recordPartRefund(sub.id, `as:${r.sourceId}`, r.lines);
    if (r.goodsBack && sub.status === 'completed') {
      await this.ledgers.inventory.within(trx).returnContainers({ subOrderId: sub.id, lines: r.lines, actorId: r.actorId, ref: r.ref });
    }
    return true;
  }
}
