import type { Executor } from '../../../platform/db/executor.ts';
import { fail } from '../../../platform/http/errors.ts';

/** The refund path's own SQL (sub_order_refund, the refunded figures of lines and sub-orders), on the caller's transaction. */
export class RefundRepository {
  constructor(private readonly db: Executor) {}

  subOrder(id: number) {
    return this.db.selectFrom('sub_order').select(['id', 'order_id', 'supplier_id', 'status']).where('id', '=', id).executeTakeFirst();
  }

  /** Records a refund once per source; false when this source was refunded already. */
  async record(r: {
    subOrderId: number;
    orderId: number;
    supplierId: number;
    source: string;
    sourceId: number;
    ref: string;
    amount: number;
    actorId: number | null;
  }) {
    const done = await this.db
      .insertInto('sub_order_refund')
      .values({
        sub_order_id: r.subOrderId,
        order_id: r.orderId,
        supplier_id: r.supplierId,
        source: r.source,
        source_id: r.sourceId,
        ref: r.ref,
        amount: r.amount,
        actor_id: r.actorId,
        done_at: new Date().toISOString(),
      })
      .onConflict((oc) => oc.columns(['source', 'source_id']).doNothing())
      .executeTakeFirst();
    return Number(done.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  /** The lines' and the sub-order's refunded figures grow, never past what was delivered. */
  async addRefunded(subOrderId: number, lines: readonly { lineId: number; quantity: number; amount: number }[]) {
    for (const l of lines) {
      const moved = await this.db
        .updateTable('order_line')
        .set((eb) => ({ refunded_qty: eb('refunded_qty', '+', l.quantity), refunded_amount: eb('refunded_amount', '+', l.amount) }))
        .where('id', '=', l.lineId)
        .where('sub_order_id', '=', subOrderId)
        .where((eb) => eb(eb('refunded_qty', '+', l.quantity), '<=', eb.ref('delivered_qty')))
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) fail('STATE_CONFLICT', '退款数量超过已发货未退款的数量');
    }
    const amount = lines.reduce((a, l) => a + l.amount, 0);
    await this.db
      .updateTable('sub_order')
      .set((eb) => ({ refunded_amount: eb('refunded_amount', '+', amount) }))
      .where('id', '=', subOrderId)
      .execute();
  }
}
