import type { Insertable, Transaction } from 'kysely';
import type { DB, OrderLineTable } from '../../../platform/db/schema.ts';
import { AppError } from '../../../platform/http/errors.ts';
import { OrderRepository } from './order.repository.ts';
import { orderNo } from './placement/order-no.ts';
import { PlacementRepository } from './placement/placement.repository.ts';

/** A completed order from before the platform (the historical order import, modules/oversight/exports). */
export interface HistoricalOrder {
  /** the import's key for the order (its 原订单号): the same key twice is refused by the unique index */
  key: string;
  buyer: { id: number; name: string; phone: string };
  /** the buyer's institute, department (none when the buyer has no department there) and team */
  institute: { instituteId: number; deptId: number | null; teamId: number | null };
  /** when it was ordered (the day the sheet gives, at noon in Shanghai) */
  orderedAt: string;
  /** the 原订单号 the sheet groups lines by, if any: kept in each sub-order's remark */
  group: string | null;
  importedBy: number;
  importedAt: string;
  /** by supplier: each becomes one completed sub-order, its lines wholly delivered */
  suppliers: {
    supplierId: number;
    lines: Omit<Insertable<OrderLineTable>, 'order_id' | 'sub_order_id' | 'delivered_qty' | 'list_price' | 'price_note' | 'hazard'>[];
  }[];
}

/**
 * Writes a historical order as completed, in the importer's transaction: no purchase is made, so no
 * purchase gate, approval, card or stock applies (the seam test names this file as the one such
 * path). Orders own these tables (scripts/table-owners.ts); the import only calls this.
 */
export class HistoricalOrders {
  within(trx: Transaction<DB>) {
    return {
      record: (o: HistoricalOrder) => record(trx, o),
    };
  }
}

async function record(trx: Transaction<DB>, o: HistoricalOrder): Promise<{ id: number; no: string; subOrderIds: number[] }> {
  const r = new PlacementRepository(trx);
  const no = orderNo(new Date(o.orderedAt));
  const goods = o.suppliers.reduce((s, g) => s + g.lines.reduce((a, l) => a + Number(l.amount), 0), 0);
  const order = await r.insertOrder({
    order_no: no,
    buyer_id: o.buyer.id,
    placed_by_id: o.buyer.id,
    institute_id: o.institute.instituteId,
    dept_id: o.institute.deptId,
    team_id: o.institute.teamId,
    recv_province: '',
    recv_city: '',
    recv_district: '',
    recv_detail: '',
    recv_contact: o.buyer.name,
    recv_phone: o.buyer.phone,
    goods_amount: goods,
    delivery_fee: 0,
    total_amount: goods,
    has_hazard: 0,
    status: 'completed',
    idempotency_key: o.key,
    approval_steps: '',
    checker_required: 0,
    close_reason: null,
    created_at: o.orderedAt,
    updated_at: o.importedAt,
  });
  if (!order) throw new AppError('STATE_CONFLICT');
  const subOrderIds: number[] = [];
  for (const g of o.suppliers) {
    const amount = g.lines.reduce((s, l) => s + Number(l.amount), 0);
    const sub = await r.insertSubOrder({
      order_id: order.id,
      sub_no: `${no}-${subOrderIds.length + 1}`,
      supplier_id: g.supplierId,
      goods_amount: amount,
      delivery_fee: 0,
      hazard_fee: 0,
      delivery_region: '',
      total_amount: amount,
      remark: o.group ? `历史订单导入：${o.group}` : '历史订单导入',
      status: 'completed',
      flags: '',
      reason: null,
      created_at: o.orderedAt,
      updated_at: o.importedAt,
    });
    subOrderIds.push(sub.id);
    await r.insertLines(
      g.lines.map((l) => ({ ...l, order_id: order.id, sub_order_id: sub.id, list_price: null, price_note: null, hazard: '', delivered_qty: l.quantity })),
    );
  }
  await new OrderRepository(trx).logAt(
    {
      order_id: order.id,
      sub_order_id: null,
      actor_id: o.importedBy,
      actor: 'admin',
      action: 'import',
      from_status: null,
      to_status: 'completed',
      reason: '历史订单导入',
    },
    o.importedAt,
  );
  return { id: order.id, no, subOrderIds };
}
