import type { Insertable, Transaction } from 'kysely';
import { writeAudit } from '../../../../platform/audit/audit.ts';
import type { DB, OrderLineTable } from '../../../../platform/db/schema.ts';
import type { GrantCardsService } from '../../../ledgers/budget/index.ts';
import type { ChainPlan } from '../../../shared/approvals/index.ts';
import type { Clearance } from '../../eligibility/index.ts';
import { OrderRepository } from '../order.repository.ts';
import type { OrderNotices } from '../order-notices.ts';
import { firstStatus, firstSubStatus } from '../order-states.ts';
import { orderNo } from './order-no.ts';
import { PlacementRepository } from './placement.repository.ts';

type Card = NonNullable<Awaited<ReturnType<GrantCardsService['cardForOrder']>>>['card'];

/** One sub-order as an order path has priced it: the supplier's goods, fee, budget line and lines. */
export interface SubOrderToInsert {
  supplierId: number;
  supplierName: string;
  goodsAmount: number;
  deliveryFee: number;
  hazardFee: number;
  feeRegion: string;
  totalAmount: number;
  budgetLineId: number | null;
  remark: string | null;
  lines: Omit<Insertable<OrderLineTable>, 'order_id' | 'sub_order_id'>[];
}

/** Everything an order path decided; the insertion decides nothing but the number and first status. */
export interface OrderToInsert {
  /** the purchase-eligibility seam's clearance: no order is written without one */
  clearance: Clearance;
  key: string;
  actor: { userId: number; aclVersion: string | null; ip: string };
  buyerId: number;
  institute: { instituteId: number; deptId: number; teamId: number | null };
  address: { province: string; city: string; district: string; detail: string; contact: string; phone: string };
  chain: ChainPlan;
  card: Card | null;
  /** PI of a card the buyer is no member of (他人代付): approves first */
  cardHolder?: number | null;
  hasHazard: boolean;
  goodsAmount: number;
  deliveryFee: number;
  totalAmount: number;
  subs: SubOrderToInsert[];
  /** the submit log's reason (an awarded bid names its project) */
  logReason: string | null;
  auditDetail: Record<string, unknown>;
}

export type InsertedSub = { id: number; subNo: string; supplierId: number; supplierName: string; totalAmount: number };

/**
 * The one insertion of an order, for every path that creates one (cart and 立即购买 placement,
 * bid award): order, sub-orders and lines, the card's check and, for an order that needs no
 * approval, its freeze; the submit log, the audit row and the first approver's message, all in
 * the caller's transaction. Null when an order with the same submission key already exists (a
 * concurrent retry committed first).
 */
export async function insertOrder(
  trx: Transaction<DB>,
  deps: { grantCards: GrantCardsService; notices: OrderNotices },
  o: OrderToInsert,
): Promise<{ id: number; no: string; subs: InsertedSub[] } | null> {
  const r = new PlacementRepository(trx);
  const status = firstStatus(o.chain.steps);
  const now = new Date();
  const at = now.toISOString();
  const no = orderNo(now);
  const row = {
    order_no: no,
    buyer_id: o.buyerId,
    placed_by_id: o.actor.userId,
    institute_id: o.institute.instituteId,
    dept_id: o.institute.deptId,
    team_id: o.institute.teamId,
    recv_province: o.address.province,
    recv_city: o.address.city,
    recv_district: o.address.district,
    recv_detail: o.address.detail,
    recv_contact: o.address.contact,
    recv_phone: o.address.phone,
    goods_amount: o.goodsAmount,
    delivery_fee: o.deliveryFee,
    total_amount: o.totalAmount,
    has_hazard: o.hasHazard ? 1 : 0,
    status,
    idempotency_key: o.key,
    approval_steps: o.chain.steps.join(','),
    checker_required: o.chain.checkerRequired ? 1 : 0,
    close_reason: null,
    grant_card_id: o.card?.id ?? null,
    created_at: at,
    updated_at: at,
  };
  const ins = await r.insertOrder(row);
  if (!ins) return null;
  if (o.card) await deps.grantCards.within(trx).checkOrder(o.card, { orderId: ins.id, total: o.totalAmount, actorId: o.actor.userId });
  const subs: InsertedSub[] = [];
  for (const g of o.subs) {
    const subNo = `${no}-${subs.length + 1}`;
    const sub = await r.insertSubOrder({
      order_id: ins.id,
      sub_no: subNo,
      supplier_id: g.supplierId,
      goods_amount: g.goodsAmount,
      delivery_fee: g.deliveryFee,
      hazard_fee: g.hazardFee,
      delivery_region: g.feeRegion,
      total_amount: g.totalAmount,
      budget_line_id: g.budgetLineId,
      remark: g.remark,
      status: firstSubStatus(o.chain.steps),
      flags: '',
      reason: null,
      created_at: at,
      updated_at: at,
    });
    subs.push({ id: sub.id, subNo, supplierId: g.supplierId, supplierName: g.supplierName, totalAmount: g.totalAmount });
    await r.insertLines(g.lines.map((l) => ({ ...l, order_id: ins.id, sub_order_id: sub.id })));
  }
  // an order that needs no approval is approved as it is placed: its card freezes now (a short 超支禁止 card refuses the order)
  if (o.card && status === 'approved')
    await deps.grantCards.within(trx).freezeOrder({ orderId: ins.id, cardId: o.card.id, actorId: o.actor.userId }, { reason: null, allowed: false });
  await new OrderRepository(trx).log({
    order_id: ins.id,
    sub_order_id: null,
    actor_id: o.actor.userId,
    actor: 'buyer',
    action: 'submit',
    from_status: null,
    to_status: status,
    reason: o.logReason,
  });
  await writeAudit(trx, {
    userId: o.actor.userId,
    action: 'order.create',
    target: `order:${ins.id}`,
    detail: { orderNo: no, total: o.totalAmount, ...o.auditDetail },
    ip: o.actor.ip,
  });
  // the first actor's message and SMS commit with the order
  await deps.notices.next(trx, { ...row, id: ins.id }, o.actor.aclVersion, null, o.cardHolder);
  return { id: ins.id, no, subs };
}
