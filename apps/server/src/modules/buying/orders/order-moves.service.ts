import type { Selectable, Transaction } from 'kysely';
import { writeAudit } from '../../../platform/audit/audit.ts';
import type { Caller } from '../../../platform/auth/access.ts';
import type { Who } from '../../../platform/auth/who.ts';
import type { DB, PurchaseOrderTable } from '../../../platform/db/schema.ts';
import { fail } from '../../../platform/http/errors.ts';
import { bulkTransition, transition } from '../../../platform/transitions.ts';
import type { GrantCardsService } from '../../ledgers/budget/index.ts';
import type { InventoryService } from '../../ledgers/inventory/index.ts';
import type { StatisticsService } from '../../ledgers/statistics/index.ts';
import { type ApprovalStep, type ApprovalsService, type DutyParties, dutyConflict } from '../../shared/approvals/index.ts';
import type { ItemStockLedger } from '../../supply/catalog/index.ts';
import type { ExpressChannelService } from './express-channels.ts';
import type { OrderRepository } from './order.repository.ts';
import type { OrderNotices } from './order-notices.ts';
import {
  type Actor,
  NOT_YET_SHIPPED,
  ORDER_TRANSITIONS,
  type OrderStatus,
  SUB_FINAL,
  SUB_STATUS,
  SUB_TRANSITIONS,
  type SubAction,
  type SubContext,
  type SubStatus,
} from './order-states.ts';
import type { Refunds } from './refunds.ts';

type Order = Selectable<PurchaseOrderTable>;
const CONFLICT = '订单状态已变化，请刷新后重试';
/** Sub-order states that end without the goods being paid for: the grant card's freeze is released. */
const RELEASES: SubStatus[] = ['supplier_refused', 'cancelled', 'stopped'];

const partiesOf = (o: Order): DutyParties => ({ placedBy: o.placed_by_id, placedFor: o.buyer_id });
const stepsOf = (o: Order) => o.approval_steps.split(',').filter(Boolean) as ApprovalStep[];

/**
 * Every move of a placed order: approval, cancellation, the platform's stop, and each sub-order's
 * fulfilment (confirm, deliver, arrival, acceptance, refund). Each checks the caller's role and
 * scope, asks the transitions table for the target, and happens in one transaction with a
 * conditional update (two concurrent moves: one wins, the other gets a conflict), one order-log
 * row, the audit row, and the next actor's message and SMS.
 */
/** What a move of an order changes beyond the order: the card, the item stock, the lab's stock, spend facts, refunds. */
export interface OrderLedgers {
  grantCards: GrantCardsService;
  stock: ItemStockLedger;
  inventory: Pick<InventoryService, 'within'>;
  statistics: Pick<StatisticsService, 'within'>;
  refunds: Refunds;
}

export class OrderMovesService {
  constructor(
    private readonly repo: OrderRepository,
    private readonly approvals: ApprovalsService,
    private readonly notices: OrderNotices,
    private readonly channels: ExpressChannelService,
    /** the ledgers a move changes in its transaction: each through its owner's `within(trx)` */
    private readonly ledgers: OrderLedgers,
  ) {}

  /** The not-yet-delivered goods of these sub-orders go back to stock, in the caller's transaction. */
  private async restock(r: OrderRepository, trx: Transaction<DB>, subOrderIds: number[]) {
    await this.ledgers.stock.within(trx).giveBack(await r.unshipped(subOrderIds));
  }

  // ── approval ─────────────────────────────────────────────────────────────
  /** Pass or refuse orders one at a time (a batch is several independent moves; each reports its own result). */
  async decide(w: Who, step: ApprovalStep, ids: number[], decision: 'pass' | 'refuse', reason: string | null, overrideReason: string | null = null) {
    if (decision === 'refuse' && !reason) fail('BAD_REQUEST', '驳回时请填写原因');
    const results: { id: number; ok: boolean; message: string }[] = [];
    for (const id of ids) {
      try {
        const warning = await this.decideOne(w, step, id, decision, reason, overrideReason);
        results.push({ id, ok: true, message: decision === 'pass' ? (warning ? `已通过（${warning}）` : '已通过') : '已驳回' });
      } catch (e) {
        if (ids.length === 1) throw e;
        results.push({ id, ok: false, message: e instanceof Error ? e.message : '出错了' });
      }
    }
    return results;
  }

  /**
   * May this approver pass an order overdrawing a 超支禁止 card (with a logged reason)? The
   * institute's 研究所负责人 and 财务 (docs/domains/ledgers.md#card-override: the exception approver), nobody else.
   */
  private async mayOverride(userId: number, o: Order) {
    return (await this.approvals.canAct(userId, 'institute', o)) || (await this.approvals.canAct(userId, 'finance', o));
  }

  /**
   * Who decides at a step: the card step belongs to one person, the PI of the card the order
   * charges (他人代付); the other steps to holders of the step's role in the order's scope.
   * Separation of duties applies to both.
   */
  private async mayDecide(userId: number, step: ApprovalStep, o: Order): Promise<'ok' | 'not-actor' | string> {
    if (step !== 'card') return this.approvals.authorise(userId, step, o, partiesOf(o));
    const holder = o.grant_card_id === null ? null : await this.ledgers.grantCards.holderOf(o.grant_card_id);
    if (holder !== userId) return 'not-actor';
    return dutyConflict(userId, partiesOf(o)) ?? 'ok';
  }

  /** One decision in its own transaction; answers the grant card's warning when the final pass went over budget. */
  private async decideOne(w: Who, step: ApprovalStep, id: number, action: 'pass' | 'refuse', reason: string | null, overrideReason: string | null) {
    const o = await this.repo.order(id);
    if (!o) return fail('NOT_FOUND', '订单不存在或不在您的审批范围内');
    const may = await this.mayDecide(w.caller.userId, step, o);
    if (may === 'not-actor') return fail('NOT_FOUND', '订单不存在或不在您的审批范围内');
    if (may !== 'ok') return fail('BAD_REQUEST', may);
    const from = o.status as OrderStatus;
    const to = transition(ORDER_TRANSITIONS, from, action, step, { steps: stepsOf(o) });
    if (!to) return fail('STATE_CONFLICT', CONFLICT);
    const override = { reason: overrideReason, allowed: to === 'approved' && overrideReason !== null && (await this.mayOverride(w.caller.userId, o)) };
    return this.repo.inTransaction(async (r, trx) => {
      if (!(await r.moveOrder(id, [from], to, action === 'refuse' ? reason : null))) fail('STATE_CONFLICT', CONFLICT);
      // the final approval freezes the order's grant card, per sub-order (refused when a 超支禁止 card is short)
      const frozen =
        to === 'approved'
          ? await this.ledgers.grantCards.within(trx).freezeOrder({ orderId: id, cardId: o.grant_card_id, actorId: w.caller.userId }, override)
          : null;
      const logReason = frozen?.warning ?? reason;
      await r.log({ order_id: id, sub_order_id: null, actor_id: w.caller.userId, actor: step, action, from_status: from, to_status: to, reason: logReason });
      if (to === 'approved') {
        const release = bulkTransition(SUB_TRANSITIONS, 'release', 'system');
        await r.moveSubsOfOrder(id, release.from, release.to);
      }
      if (to === 'refused') await this.cancelSubs(r, trx, id, w.caller.userId, '订单被驳回');
      await writeAudit(trx, {
        userId: w.caller.userId,
        action: `order.${step}.${action}`,
        target: `order:${id}`,
        detail: reason || frozen?.warning ? { reason: reason ?? undefined, budget: frozen?.warning ?? undefined } : undefined,
        ip: w.ip,
      });
      const fresh = await r.order(id);
      if (fresh) await this.notices.next(trx, fresh, w.caller.aclVersion, reason);
      return frozen?.warning ?? null;
    });
  }

  /** Sub-orders of an order that ended before fulfilment: cancelled, their goods back in stock. */
  private async cancelSubs(r: OrderRepository, trx: Transaction<DB>, orderId: number, actorId: number, why: string) {
    const cancel = bulkTransition(SUB_TRANSITIONS, 'cancel', 'system');
    const subs = await r.moveSubsOfOrder(orderId, cancel.from, cancel.to);
    await this.restock(
      r,
      trx,
      subs.map((s) => s.id),
    );
    await this.ledgers.grantCards.within(trx).releaseSubOrders(
      subs.map((s) => s.id),
      actorId,
      why,
    );
  }

  /** The buyer (or the assistant who placed it) cancels an order still under approval. */
  async cancel(w: Who, id: number, reason: string | null) {
    const o = await this.repo.order(id);
    if (!o || (o.buyer_id !== w.caller.userId && o.placed_by_id !== w.caller.userId)) return fail('NOT_FOUND', '订单不存在');
    const from = o.status as OrderStatus;
    const to = transition(ORDER_TRANSITIONS, from, 'cancel', 'buyer', { steps: stepsOf(o) });
    if (!to) return fail('STATE_CONFLICT', '订单已审批通过，不能取消；如需退货请申请退款');
    await this.repo.inTransaction(async (r, trx) => {
      if (!(await r.moveOrder(id, [from], to, reason))) fail('STATE_CONFLICT', CONFLICT);
      await this.cancelSubs(r, trx, id, w.caller.userId, '订单已取消');
      await r.log({ order_id: id, sub_order_id: null, actor_id: w.caller.userId, actor: 'buyer', action: 'cancel', from_status: from, to_status: to, reason });
      await writeAudit(trx, { userId: w.caller.userId, action: 'order.cancel', target: `order:${id}`, ip: w.ip });
    });
  }

  /** The platform admin stops an order with a reason: every open sub-order stops too. */
  async stop(w: Who, id: number, reason: string) {
    const o = await this.repo.order(id);
    if (!o) return fail('NOT_FOUND', '订单不存在');
    const from = o.status as OrderStatus;
    const to = transition(ORDER_TRANSITIONS, from, 'stop', 'admin', { steps: stepsOf(o) });
    if (!to) return fail('STATE_CONFLICT', '订单已结束，不能终止');
    await this.repo.inTransaction(async (r, trx) => {
      if (!(await r.moveOrder(id, [from], to, reason))) fail('STATE_CONFLICT', CONFLICT);
      const stop = bulkTransition(SUB_TRANSITIONS, 'stop', 'admin');
      const subs = await r.moveSubsOfOrder(id, stop.from, stop.to);
      // goods not yet sent go back to stock
      await this.restock(
        r,
        trx,
        subs.filter((s) => NOT_YET_SHIPPED.includes(s.status as SubStatus)).map((s) => s.id),
      );
      await this.ledgers.grantCards.within(trx).releaseSubOrders(
        subs.map((s) => s.id),
        w.caller.userId,
        `订单终止：${reason}`,
      );
      await r.log({ order_id: id, sub_order_id: null, actor_id: w.caller.userId, actor: 'admin', action: 'stop', from_status: from, to_status: to, reason });
      await writeAudit(trx, { userId: w.caller.userId, action: 'order.stop', target: `order:${id}`, detail: { reason }, ip: w.ip });
      await this.notices.stopped(trx, o, reason);
    });
  }

  // ── sub-order moves ──────────────────────────────────────────────────────
  private async moveSub(
    w: Who,
    subId: number,
    action: SubAction,
    actor: Actor,
    opts: {
      reason?: string | null;
      ctx?: (o: Order) => SubContext;
      extra?: (r: OrderRepository, trx: Transaction<DB>) => Promise<void>;
      locationId?: number | null;
    } = {},
  ) {
    const sub = await this.repo.subOrder(subId);
    const o = sub ? await this.repo.order(sub.order_id) : undefined;
    if (!sub || !o) return fail('NOT_FOUND', '订单不存在');
    const acts = await this.actsOnSub(w.caller, actor, sub, o);
    if (acts === 'no') return fail('NOT_FOUND', '订单不存在');
    if (acts !== 'yes') return fail('BAD_REQUEST', acts);
    const from = sub.status as SubStatus;
    const to = transition(SUB_TRANSITIONS, from, action, actor, opts.ctx?.(o) ?? {});
    if (!to) return fail('STATE_CONFLICT', `当前状态“${SUB_STATUS[from]}”不能执行该操作`);
    const reason = opts.reason ?? null;
    await this.repo.inTransaction(async (r, trx) => {
      if (!(await r.moveSub(subId, [from], to, reason))) fail('STATE_CONFLICT', CONFLICT);
      if (opts.extra) await opts.extra(r, trx);
      // a sub-order ending unfulfilled (refused, cancelled, stopped) gives its freeze back to the grant card;
      // a refunded one goes through the refund path (the freeze released, statistics reversed)
      const why = `${SUB_STATUS[to]}${reason ? `：${reason}` : ''}`;
      if (to === 'refunded') await this.ledgers.refunds.whole(trx, { subOrderId: subId, actorId: w.caller.userId, reason: why });
      else if (RELEASES.includes(to)) await this.ledgers.grantCards.within(trx).releaseSubOrders([subId], w.caller.userId, why);
      // accepted goods go into stock: one container per unit, in the same transaction (docs/domains/ledgers.md#inventory)
      if (to === 'completed')
        await this.ledgers.inventory.within(trx).stockInSubOrder({ subOrderId: subId, actorId: w.caller.userId, locationId: opts.locationId });
      // statistics count spend when goods are accepted
      if (to === 'completed') await this.ledgers.statistics.within(trx).recordAcceptance(subId);
      await r.log({ order_id: o.id, sub_order_id: subId, actor_id: w.caller.userId, actor, action, from_status: from, to_status: to, reason });
      if (SUB_FINAL.includes(to) && (await r.allSubsFinal(o.id, SUB_FINAL))) {
        const done = transition(ORDER_TRANSITIONS, 'approved', 'complete', 'system', { steps: [] });
        if (done && (await r.moveOrder(o.id, ['approved'], done))) {
          await r.log({
            order_id: o.id,
            sub_order_id: null,
            actor_id: null,
            actor: 'system',
            action: 'complete',
            from_status: 'approved',
            to_status: done,
            reason: null,
          });
        }
      }
      await writeAudit(trx, {
        userId: w.caller.userId,
        action: `subOrder.${action}`,
        target: `subOrder:${subId}`,
        detail: reason ? { reason } : undefined,
        ip: w.ip,
      });
      const fresh = await r.subOrder(subId);
      if (fresh) await this.notices.sub(trx, o, fresh, action, reason, w.caller.aclVersion);
    });
  }

  /** 'yes', 'no' (not theirs: answered as not found), or why a party may not act (separation of duties). */
  private async actsOnSub(c: Caller, actor: Actor, sub: { supplier_id: number }, o: Order): Promise<'yes' | 'no' | string> {
    if (actor === 'supplier') return c.accountType === 2 && c.supplierId === sub.supplier_id ? 'yes' : 'no';
    if (actor === 'buyer') return o.buyer_id === c.userId || o.placed_by_id === c.userId ? 'yes' : 'no';
    if (actor === 'checker') {
      const may = await this.approvals.authorise(c.userId, 'checker', o, partiesOf(o));
      return may === 'ok' ? 'yes' : may === 'not-actor' ? 'no' : may;
    }
    return 'no';
  }

  supplierConfirm(w: Who, subId: number) {
    return this.moveSub(w, subId, 'confirm', 'supplier');
  }

  supplierRefuse(w: Who, subId: number, reason: string) {
    return this.moveSub(w, subId, 'refuse', 'supplier', { reason, extra: (r, trx) => this.restock(r, trx, [subId]) });
  }

  /** Ships some or all of what is left; partial deliveries leave the sub-order partially delivered. */
  async deliver(
    w: Who,
    subId: number,
    b: { expressChannelId: number; trackingNo: string; lines?: { lineId: number; quantity: number; lotNo?: string; expiresOn?: string }[] },
  ) {
    const channel = await this.channels.enabled(b.expressChannelId);
    if (!channel) fail('BAD_REQUEST', '快递渠道不存在或已停用');
    const lines = await this.repo.lines([subId]);
    const wanted: { lineId: number; quantity: number; lotNo?: string; expiresOn?: string }[] =
      b.lines ?? lines.map((l) => ({ lineId: l.id, quantity: l.quantity - l.delivered_qty })).filter((l) => l.quantity > 0);
    if (wanted.length === 0) fail('BAD_REQUEST', '没有待发货的商品');
    for (const x of wanted) if (!lines.some((l) => l.id === x.lineId)) fail('BAD_REQUEST', '发货明细不属于该订单');
    const remaining = lines.reduce((s, l) => s + l.quantity - l.delivered_qty, 0) - wanted.reduce((s, x) => s + x.quantity, 0);
    await this.moveSub(w, subId, 'deliver', 'supplier', {
      ctx: () => ({ allDelivered: remaining <= 0 }),
      extra: async (r) => {
        for (const x of wanted) if (!(await r.addDelivered(x.lineId, subId, x.quantity))) fail('BAD_REQUEST', '发货数量超过未发数量');
        const d = await r.insertDelivery(subId, b.expressChannelId, b.trackingNo, w.caller.userId);
        // the lot and expiry the supplier gave go onto the containers at stock-in (blank when not given)
        await r.insertDeliveryLines(
          wanted.map((x) => ({ delivery_id: d.id, order_line_id: x.lineId, quantity: x.quantity, lot_no: x.lotNo ?? null, expires_on: x.expiresOn ?? null })),
        );
      },
    });
  }

  /** Without acceptance the arrival completes the sub-order and stocks it in (the location chosen then, if any). */
  arrived(w: Who, subId: number, locationId?: number) {
    return this.moveSub(w, subId, 'arrived', 'buyer', { ctx: (o) => ({ checkerRequired: o.checker_required === 1 }), locationId });
  }

  /** Acceptance stocks the goods in, at the storage location the checker chose (or 待上架). */
  accept(w: Who, subId: number, locationId?: number) {
    return this.moveSub(w, subId, 'accept', 'checker', { locationId });
  }

  reject(w: Who, subId: number, reason: string) {
    return this.moveSub(w, subId, 'reject', 'checker', { reason });
  }

  refund(w: Who, subId: number, reason: string) {
    return this.moveSub(w, subId, 'refund', 'buyer', { reason });
  }

  refundConfirm(w: Who, subId: number) {
    return this.moveSub(w, subId, 'refundConfirm', 'supplier');
  }

  async modifyFlags(w: Who, subId: number, flags: string[]) {
    const c = w.caller;
    if (c.supplierId === null) fail('FORBIDDEN');
    await this.repo.inTransaction(async (r, trx) => {
      const res = await r.setFlags(subId, c.supplierId as number, flags.join(','));
      if (!Number(res.numUpdatedRows)) fail('NOT_FOUND', '订单不存在');
      await writeAudit(trx, { userId: c.userId, action: 'subOrder.flags', target: `subOrder:${subId}`, detail: { flags }, ip: w.ip });
    });
  }
}
