import type { Transaction } from 'kysely';
import type { DB } from '../../../platform/db/schema.ts';
import { fail } from '../../../platform/http/errors.ts';
import { refundOnCard, releaseSubOrders } from '../../ledgers/budget/index.ts';
import { returnContainers } from '../../ledgers/inventory/index.ts';
import { recordPartRefund, recordRefund } from '../../ledgers/statistics/index.ts';

type Trx = Transaction<DB>;

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
export async function refundWhole(trx: Trx, r: { subOrderId: number; actorId: number | null; reason: string }) {
  await releaseSubOrders(trx, [r.subOrderId], r.actorId, r.reason);
  await recordRefund(trx, r.subOrderId);
}

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
export async function refundPart(trx: Trx, r: PartRefund): Promise<boolean> {
  const amount = r.lines.reduce((a, l) => a + l.amount, 0);
  const sub = await trx.selectFrom('sub_order').select(['id', 'order_id', 'supplier_id', 'status']).where('id', '=', r.subOrderId).executeTakeFirst();
  if (!sub) return fail('NOT_FOUND', '子订单不存在');
  const done = await trx
    .insertInto('sub_order_refund')
    .values({
      sub_order_id: sub.id,
      order_id: sub.order_id,
      supplier_id: sub.supplier_id,
      source: r.source,
      source_id: r.sourceId,
      ref: r.ref,
      amount,
      actor_id: r.actorId,
      done_at: new Date().toISOString(),
    })
    .onConflict((oc) => oc.columns(['source', 'source_id']).doNothing())
    .executeTakeFirst();
  if (Number(done.numInsertedOrUpdatedRows ?? 0) !== 1) return false;
  for (const l of r.lines) {
    const moved = await trx
      .updateTable('order_line')
      .set((eb) => ({ refunded_qty: eb('refunded_qty', '+', l.quantity), refunded_amount: eb('refunded_amount', '+', l.amount) }))
      .where('id', '=', l.lineId)
      .where('sub_order_id', '=', sub.id)
      .where((eb) => eb(eb('refunded_qty', '+', l.quantity), '<=', eb.ref('delivered_qty')))
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) fail('STATE_CONFLICT', '退款数量超过已发货未退款的数量');
  }
  await trx
    .updateTable('sub_order')
    .set((eb) => ({ refunded_amount: eb('refunded_amount', '+', amount) }))
    .where('id', '=', sub.id)
    .execute();
  await refundOnCard(trx, { subOrderId: sub.id, amount, actorId: r.actorId, ref: `${r.source}:${r.ref}`, reason: r.reason });
  await recordPartRefund(trx, sub.id, `as:${r.sourceId}`, r.lines);
  if (r.goodsBack && sub.status === 'completed') await returnContainers(trx, { subOrderId: sub.id, lines: r.lines, actorId: r.actorId, ref: r.ref });
  return true;
}
