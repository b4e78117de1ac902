import type { Selectable, Transaction } from 'kysely';
import { writeAudit } from '../../platform/audit/audit.ts';
import type { Caller } from '../../platform/auth/access.ts';
import type { DB, PurchaseOrderTable } from '../../platform/db/schema.ts';
import { fail } from '../../platform/http/errors.ts';
import type { Notifier } from '../../platform/notifier/notifier.port.ts';
import { canAct, type FlowRole, findActors, holdsRole, ledTeams } from './approvers.ts';
import type { LifecycleRepository, ListFilter } from './lifecycle.repository.ts';
import {
  type Actor,
  type ApprovalStep,
  afterArrival,
  afterDelivery,
  approvalChain,
  canOrder,
  type FlowConfig,
  nextStep,
  ORDER_STATUS,
  type OrderStatus,
  STEP_STATUS,
  SUB_FINAL,
  SUB_STATUS,
  type SubAction,
  type SubStatus,
  subFromStates,
} from './order-states.ts';
import { RecipientCache } from './recipients.ts';

type Who = { caller: Caller; ip: string };
type Order = Selectable<PurchaseOrderTable>;
const CONFLICT = '订单状态已变化，请刷新后重试';

export interface Plan {
  steps: ApprovalStep[];
  status: OrderStatus;
  subStatus: SubStatus;
  checkerRequired: boolean;
}

/**
 * The order lifecycle: approval chain, supplier fulfilment, arrival and acceptance, refunds and
 * stops. Every move checks the caller's role and scope and the current state, happens in one
 * transaction with a conditional update (two concurrent moves: one wins, the other gets a
 * conflict) and writes one order-log row. The next actor gets an in-app message and an SMS.
 */
export class LifecycleService {
  private readonly recipients = new RecipientCache();

  constructor(
    private readonly repo: LifecycleRepository,
    private readonly notifier: Notifier,
  ) {}

  // ── creation (called by the mall's order placement) ──────────────────────
  async planner(instituteId: number | null): Promise<(total: number, hasHazard: boolean, hasTeam: boolean) => Plan> {
    const flow = await this.repo.flow(instituteId);
    return (total, hasHazard, hasTeam) => {
      const steps = approvalChain(flow, { total, hasHazard, hasTeam });
      return {
        steps,
        status: steps.length ? STEP_STATUS[steps[0]] : 'approved',
        subStatus: steps.length ? 'waiting' : 'to_confirm',
        checkerRequired: flow.checker_enabled === 1,
      };
    };
  }

  /** Inside the placing transaction: the first log row. */
  async logPlaced(trx: Transaction<DB>, orderId: number, actorId: number, status: OrderStatus) {
    await trx
      .insertInto('order_log')
      .values({
        order_id: orderId,
        sub_order_id: null,
        actor_id: actorId,
        actor: 'buyer',
        action: 'submit',
        from_status: null,
        to_status: status,
        reason: null,
        created_at: new Date().toISOString(),
      })
      .execute();
  }

  /** Inside the placing transaction: tell whoever acts first (messages and SMS commit with the order). */
  async notifyPlaced(trx: Transaction<DB>, order: Order, aclVersion: string | null) {
    await this.notifyNext(this.repo.with(trx), order, aclVersion);
  }

  // ── approval ─────────────────────────────────────────────────────────────
  /** Pass or refuse orders one at a time (a batch is several independent moves; each reports its own result). */
  async decide(w: Who, step: ApprovalStep, ids: number[], pass: boolean, reason: string | null) {
    if (!pass && !reason) fail('BAD_REQUEST', '驳回时请填写原因');
    const results: { id: number; ok: boolean; message: string }[] = [];
    for (const id of ids) {
      try {
        await this.decideOne(w, step, id, pass, reason);
        results.push({ id, ok: true, message: pass ? '已通过' : '已驳回' });
      } catch (e) {
        if (ids.length === 1) throw e;
        results.push({ id, ok: false, message: e instanceof Error ? e.message : '出错了' });
      }
    }
    return results;
  }

  private async decideOne(w: Who, step: ApprovalStep, id: number, pass: boolean, reason: string | null) {
    const o = await this.repo.order(id);
    const actor: Actor = step;
    if (!o || !(await canAct(this.repo.raw, w.caller.userId, step, o))) return fail('NOT_FOUND', '订单不存在或不在您的审批范围内');
    const from = o.status as OrderStatus;
    if (!canOrder(from, pass ? 'pass' : 'refuse', actor)) fail('STATE_CONFLICT', CONFLICT);
    const steps = o.approval_steps.split(',').filter(Boolean) as ApprovalStep[];
    const to: OrderStatus = pass ? nextStep(steps, step) : 'refused';
    await this.repo.inTransaction(async (r, trx) => {
      if (!(await r.moveOrder(id, [from], to, pass ? null : reason))) fail('STATE_CONFLICT', CONFLICT);
      await r.log({
        order_id: id,
        sub_order_id: null,
        actor_id: w.caller.userId,
        actor,
        action: pass ? 'pass' : 'refuse',
        from_status: from,
        to_status: to,
        reason,
      });
      if (to === 'approved') await r.moveSubsOfOrder(id, ['waiting'], 'to_confirm');
      if (to === 'refused') {
        const subs = await r.moveSubsOfOrder(id, ['waiting'], 'cancelled');
        await r.restock(subs.map((s) => s.id));
      }
      await writeAudit(trx, {
        userId: w.caller.userId,
        action: `order.${step}.${pass ? 'pass' : 'refuse'}`,
        target: `order:${id}`,
        detail: reason ? { reason } : undefined,
        ip: w.ip,
      });
      const fresh = await r.order(id);
      if (fresh) await this.notifyNext(r, fresh, w.caller.aclVersion, reason);
    });
  }

  /** The buyer (or the assistant who placed it) cancels an order still under approval. */
  async cancel(w: Who, id: number, reason: string | null) {
    const o = await this.repo.order(id);
    if (!o || (o.buyer_id !== w.caller.userId && o.placed_by_id !== w.caller.userId)) return fail('NOT_FOUND', '订单不存在');
    const from = o.status as OrderStatus;
    if (!canOrder(from, 'cancel', 'buyer')) fail('STATE_CONFLICT', '订单已审批通过，不能取消；如需退货请申请退款');
    await this.repo.inTransaction(async (r, trx) => {
      if (!(await r.moveOrder(id, [from], 'cancelled', reason))) fail('STATE_CONFLICT', CONFLICT);
      const subs = await r.moveSubsOfOrder(id, ['waiting', 'to_confirm'], 'cancelled');
      await r.restock(subs.map((s) => s.id));
      await r.log({
        order_id: id,
        sub_order_id: null,
        actor_id: w.caller.userId,
        actor: 'buyer',
        action: 'cancel',
        from_status: from,
        to_status: 'cancelled',
        reason,
      });
      await writeAudit(trx, { userId: w.caller.userId, action: 'order.cancel', target: `order:${id}`, ip: w.ip });
    });
  }

  /** The platform admin stops an order with a reason: every open sub-order stops too. */
  async stop(w: Who, id: number, reason: string) {
    const o = await this.repo.order(id);
    if (!o) return fail('NOT_FOUND', '订单不存在');
    const from = o.status as OrderStatus;
    if (!canOrder(from, 'stop', 'admin')) fail('STATE_CONFLICT', '订单已结束，不能终止');
    await this.repo.inTransaction(async (r, trx) => {
      if (!(await r.moveOrder(id, [from], 'stopped', reason))) fail('STATE_CONFLICT', CONFLICT);
      const subs = await r.moveSubsOfOrder(id, subFromStates('stop', 'admin'), 'stopped');
      // goods not yet sent go back to stock
      await r.restock(subs.filter((s) => ['waiting', 'to_confirm', 'to_deliver'].includes(s.status)).map((s) => s.id));
      await r.log({
        order_id: id,
        sub_order_id: null,
        actor_id: w.caller.userId,
        actor: 'admin',
        action: 'stop',
        from_status: from,
        to_status: 'stopped',
        reason,
      });
      await writeAudit(trx, { userId: w.caller.userId, action: 'order.stop', target: `order:${id}`, detail: { reason }, ip: w.ip });
      await this.message(r, [o.buyer_id], `订单 ${o.order_no} 已被平台终止`, `终止原因：${reason}`, `/cass/order/myOrder?orderId=${id}`);
    });
  }

  // ── sub-order moves ──────────────────────────────────────────────────────
  private async moveSub(
    w: Who,
    subId: number,
    action: SubAction,
    actor: Actor,
    opts: { reason?: string | null; to?: SubStatus; extra?: (r: LifecycleRepository) => Promise<void> } = {},
  ) {
    const sub = await this.repo.subOrder(subId);
    const o = sub ? await this.repo.order(sub.order_id) : undefined;
    if (!sub || !o || !(await this.actsOnSub(w.caller, actor, sub, o))) return fail('NOT_FOUND', '订单不存在');
    const from = sub.status as SubStatus;
    const allowed = subFromStates(action, actor);
    if (!allowed.includes(from)) fail('STATE_CONFLICT', `当前状态“${SUB_STATUS[from]}”不能执行该操作`);
    const to = opts.to as SubStatus;
    await this.repo.inTransaction(async (r, trx) => {
      if (!(await r.moveSub(subId, [from], to, opts.reason ?? null))) fail('STATE_CONFLICT', CONFLICT);
      if (opts.extra) await opts.extra(r);
      await r.log({
        order_id: o.id,
        sub_order_id: subId,
        actor_id: w.caller.userId,
        actor,
        action,
        from_status: from,
        to_status: to,
        reason: opts.reason ?? null,
      });
      if (SUB_FINAL.includes(to) && (await r.allSubsFinal(o.id, SUB_FINAL))) {
        if (await r.moveOrder(o.id, ['approved'], 'completed')) {
          await r.log({
            order_id: o.id,
            sub_order_id: null,
            actor_id: null,
            actor: 'system',
            action: 'complete',
            from_status: 'approved',
            to_status: 'completed',
            reason: null,
          });
        }
      }
      await writeAudit(trx, {
        userId: w.caller.userId,
        action: `subOrder.${action}`,
        target: `subOrder:${subId}`,
        detail: opts.reason ? { reason: opts.reason } : undefined,
        ip: w.ip,
      });
      const fresh = await r.subOrder(subId);
      if (fresh) await this.notifySub(r, o, fresh, action, opts.reason ?? null, w.caller.aclVersion);
    });
  }

  private async actsOnSub(c: Caller, actor: Actor, sub: { supplier_id: number }, o: Order): Promise<boolean> {
    if (actor === 'supplier') return c.accountType === 2 && c.supplierId === sub.supplier_id;
    if (actor === 'buyer') return o.buyer_id === c.userId || o.placed_by_id === c.userId;
    if (actor === 'checker') return canAct(this.repo.raw, c.userId, 'checker', o);
    return false;
  }

  supplierConfirm(w: Who, subId: number) {
    return this.moveSub(w, subId, 'confirm', 'supplier', { to: 'to_deliver' });
  }

  supplierRefuse(w: Who, subId: number, reason: string) {
    return this.moveSub(w, subId, 'refuse', 'supplier', { to: 'supplier_refused', reason, extra: (r) => r.restock([subId]) });
  }

  /** Ships some or all of what is left; partial deliveries leave the sub-order partially delivered. */
  async deliver(w: Who, subId: number, b: { expressChannelId: number; trackingNo: string; lines?: { lineId: number; quantity: number }[] }) {
    const channel = await this.repo.channel(b.expressChannelId);
    if (!channel) fail('BAD_REQUEST', '快递渠道不存在或已停用');
    const lines = await this.repo.lines([subId]);
    const wanted = b.lines ?? lines.map((l) => ({ lineId: l.id, quantity: l.quantity - l.delivered_qty })).filter((l) => l.quantity > 0);
    if (wanted.length === 0) fail('BAD_REQUEST', '没有待发货的商品');
    for (const x of wanted) if (!lines.some((l) => l.id === x.lineId)) fail('BAD_REQUEST', '发货明细不属于该订单');
    const remaining = lines.reduce((s, l) => s + l.quantity - l.delivered_qty, 0) - wanted.reduce((s, x) => s + x.quantity, 0);
    await this.moveSub(w, subId, 'deliver', 'supplier', {
      to: afterDelivery(remaining <= 0),
      extra: async (r) => {
        for (const x of wanted) if (!(await r.addDelivered(x.lineId, subId, x.quantity))) fail('BAD_REQUEST', '发货数量超过未发数量');
        const d = await r.insertDelivery(subId, b.expressChannelId, b.trackingNo, w.caller.userId);
        await r.insertDeliveryLines(wanted.map((x) => ({ delivery_id: d.id, order_line_id: x.lineId, quantity: x.quantity })));
      },
    });
  }

  async arrived(w: Who, subId: number) {
    const sub = await this.repo.subOrder(subId);
    const o = sub ? await this.repo.order(sub.order_id) : undefined;
    return this.moveSub(w, subId, 'arrived', 'buyer', { to: afterArrival(!!o?.checker_required) });
  }

  accept(w: Who, subId: number) {
    return this.moveSub(w, subId, 'accept', 'checker', { to: 'completed' });
  }

  reject(w: Who, subId: number, reason: string) {
    return this.moveSub(w, subId, 'reject', 'checker', { to: 'rejected', reason });
  }

  refund(w: Who, subId: number, reason: string) {
    return this.moveSub(w, subId, 'refund', 'buyer', { to: 'refund_requested', reason });
  }

  refundConfirm(w: Who, subId: number) {
    return this.moveSub(w, subId, 'refundConfirm', 'supplier', { to: 'refunded' });
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

  // ── reading ──────────────────────────────────────────────────────────────
  /** The orders a role sees: each list is bound to the caller's own scope in SQL. */
  async list(c: Caller, role: 'buyer' | 'team' | 'institute' | 'checker' | 'finance' | 'admin', tab: 'pending' | 'handled' | 'all', f: ListFilter) {
    let base = this.repo.base();
    if (role === 'buyer') base = base.where((eb) => eb.or([eb('purchase_order.buyer_id', '=', c.userId), eb('purchase_order.placed_by_id', '=', c.userId)]));
    else if (role === 'admin') {
      if (c.accountType !== 0) fail('FORBIDDEN');
    } else {
      if (c.instituteId === null || !(await holdsRole(this.repo.raw, c.userId, role))) fail('FORBIDDEN');
      base = base.where('purchase_order.institute_id', '=', c.instituteId as number);
      if (role === 'team') {
        const teams = await ledTeams(this.repo.raw, c.userId);
        base = base.where('purchase_order.team_id', 'in', teams.length ? teams : [-1]);
      }
      if (tab === 'pending') {
        if (role === 'team') base = base.where('purchase_order.status', '=', 'pending_team');
        if (role === 'institute') base = base.where('purchase_order.status', '=', 'pending_institute');
        if (role === 'checker')
          base = base.where((eb) =>
            eb.exists(
              eb
                .selectFrom('sub_order')
                .select('sub_order.id')
                .whereRef('sub_order.order_id', '=', 'purchase_order.id')
                .where('sub_order.status', '=', 'arrived'),
            ),
          );
      }
      if (tab === 'handled') {
        base = base.where((eb) =>
          eb.exists(
            eb
              .selectFrom('order_log')
              .select('order_log.id')
              .whereRef('order_log.order_id', '=', 'purchase_order.id')
              .where('order_log.actor_id', '=', c.userId),
          ),
        );
      }
    }
    const { rows, total } = await this.repo.page(base, f);
    return { records: await this.withSubs(rows), total, current: f.current, size: f.size };
  }

  private async withSubs(rows: Order[]) {
    const subs = await this.repo.subOrders(rows.map((r) => r.id));
    return rows.map((o) => ({
      ...orderVO(o),
      subOrders: subs
        .filter((s) => s.order_id === o.id)
        .map((s) => ({
          id: s.id,
          subNo: s.sub_no,
          supplierId: s.supplier_id,
          supplierName: s.supplier_name,
          status: s.status,
          statusText: SUB_STATUS[s.status as SubStatus],
          totalAmount: s.total_amount,
        })),
    }));
  }

  async supplierList(c: Caller, f: ListFilter) {
    if (c.supplierId === null) return fail('FORBIDDEN');
    const { rows, total } = await this.repo.supplierPage(c.supplierId, f);
    const lines = await this.repo.lines(rows.map((r) => r.id));
    return {
      records: rows.map((s) => ({
        id: s.id,
        // the supplier reaches the order's detail, log and delivery notes through it
        orderId: s.order_id,
        subNo: s.sub_no,
        orderNo: s.order_no,
        status: s.status,
        statusText: SUB_STATUS[s.status as SubStatus],
        goodsAmount: s.goods_amount,
        deliveryFee: s.delivery_fee,
        totalAmount: s.total_amount,
        remark: s.remark,
        flags: s.flags ? s.flags.split(',') : [],
        createdAt: s.created_at,
        receiver: { contact: s.recv_contact, phone: s.recv_phone, address: `${s.recv_province}${s.recv_city}${s.recv_district}${s.recv_detail}` },
        lines: lines.filter((l) => l.sub_order_id === s.id).map(lineVO),
      })),
      total,
      current: f.current,
      size: f.size,
    };
  }

  /** Whether the caller may see this order, and which of its sub-orders. */
  private async visibility(c: Caller, o: Order): Promise<'all' | number | null> {
    if (c.accountType === 0) return 'all';
    if (c.accountType === 2) return c.supplierId;
    if (o.buyer_id === c.userId || o.placed_by_id === c.userId) return 'all';
    if (o.institute_id !== c.instituteId) return null;
    for (const role of ['institute', 'checker', 'finance', 'team'] as FlowRole[]) if (await canAct(this.repo.raw, c.userId, role, o)) return 'all';
    return null;
  }

  async detail(c: Caller, id: number) {
    return (await this.detailAndParties(c, id)).detail;
  }

  /** The detail and the row naming its parties, whose phones printing shows and the detail does not. */
  async detailAndParties(c: Caller, id: number) {
    const o = await this.repo.order(id);
    const vis = o ? await this.visibility(c, o) : null;
    if (!o || vis === null) return fail('NOT_FOUND', '订单不存在');
    let subs = await this.repo.subOrders([id]);
    if (vis !== 'all') {
      subs = subs.filter((s) => s.supplier_id === vis && s.status !== 'waiting');
      if (subs.length === 0) return fail('NOT_FOUND', '订单不存在');
    }
    const [lines, deliveries, logs, parties] = await Promise.all([
      this.repo.lines(subs.map((s) => s.id)),
      this.repo.deliveries(subs.map((s) => s.id)),
      this.repo.logs(id),
      this.repo.parties(id),
    ]);
    const shipped = await this.repo.deliveryLines(deliveries.map((d) => d.id));
    const steps = o.approval_steps.split(',').filter(Boolean) as ApprovalStep[];
    const detail = {
      ...orderVO(o),
      buyerName: parties?.buyer_name ?? parties?.buyer_user ?? null,
      /** set when an assistant placed the order for the buyer (代下单) */
      placedByName: o.placed_by_id !== o.buyer_id ? (parties?.placer_name ?? parties?.placer_user ?? null) : null,
      instituteName: parties?.institute_name ?? null,
      deptName: parties?.dept_name ?? null,
      teamName: parties?.team_name ?? null,
      approvalSteps: steps.map((s) => ({ step: s, name: s === 'team' ? '课题组长审批' : '研究所审批' })),
      receiver: {
        contact: o.recv_contact,
        phone: o.recv_phone,
        province: o.recv_province,
        city: o.recv_city,
        district: o.recv_district,
        detail: o.recv_detail,
      },
      subOrders: subs.map((s) => ({
        id: s.id,
        subNo: s.sub_no,
        supplierId: s.supplier_id,
        supplierName: s.supplier_name,
        status: s.status,
        statusText: SUB_STATUS[s.status as SubStatus],
        goodsAmount: s.goods_amount,
        deliveryFee: s.delivery_fee,
        totalAmount: s.total_amount,
        remark: s.remark,
        reason: s.reason,
        lines: lines.filter((l) => l.sub_order_id === s.id).map(lineVO),
        deliveries: deliveries
          .filter((d) => d.sub_order_id === s.id)
          .map((d) => ({
            id: d.id,
            channel: d.channel,
            trackingNo: d.tracking_no,
            createdAt: d.created_at,
            lines: shipped.filter((x) => x.delivery_id === d.id).map((x) => ({ lineId: x.order_line_id, quantity: x.quantity })),
          })),
      })),
      logs: logs
        .filter((l) => vis === 'all' || l.sub_order_id === null || subs.some((s) => s.id === l.sub_order_id))
        .map((l) => ({
          id: l.id,
          subOrderId: l.sub_order_id,
          actor: l.actor,
          actorName: l.actor_name,
          action: l.action,
          fromStatus: l.from_status,
          toStatus: l.to_status,
          reason: l.reason,
          createdAt: l.created_at,
        })),
    };
    return { detail, parties };
  }

  async logsOf(c: Caller, orderId: number) {
    return (await this.detail(c, orderId)).logs;
  }

  // ── approval flow configuration (platform admin) ─────────────────────────
  flow(instituteId: number) {
    return this.repo.flow(instituteId);
  }

  async saveFlow(w: Who, instituteId: number, f: FlowConfig) {
    await this.repo.inTransaction(async (r, trx) => {
      await r.saveFlow(instituteId, f, w.caller.userId);
      await writeAudit(trx, { userId: w.caller.userId, action: 'approvalFlow.save', target: `institute:${instituteId}`, detail: f, ip: w.ip });
    });
  }

  /** queryUserByRoleAndDept: who may act for a role on a given team/institute. */
  async actors(role: FlowRole, scope: { institute_id: number | null; team_id: number | null }) {
    return (await findActors(this.repo.raw, role, scope)).map((u) => ({ id: u.id, realName: u.real_name, userName: u.user_name }));
  }

  canUserAct(userId: number, role: FlowRole, scope: { institute_id: number | null; team_id: number | null }) {
    return canAct(this.repo.raw, userId, role, scope);
  }

  // ── messages ─────────────────────────────────────────────────────────────
  /** An in-app message and an SMS to each user, written by `r` (the move's own transaction). */
  private async message(r: LifecycleRepository, userIds: number[], title: string, content: string, link: string | null) {
    const ids = [...new Set(userIds)];
    if (ids.length === 0) return;
    await r.insertMessages(ids.map((user_id) => ({ user_id, title, content, link })));
    const phones = (await r.phones(ids)).filter((u) => u.phone_num).map((u) => u.phone_num as string);
    await this.notifier.queueSms(
      r.raw,
      phones.map((to) => ({ to, subject: title, body: `【科研采购平台】${title}。${content}` })),
    );
  }

  private async notifyNext(r: LifecycleRepository, o: Order, aclVersion: string | null, reason?: string | null) {
    const status = o.status as OrderStatus;
    const link = `/cass/order/detail?orderId=${o.id}`;
    if (status === 'pending_team' || status === 'pending_institute') {
      const role: FlowRole = status === 'pending_team' ? 'team' : 'institute';
      const users = await this.recipients.get(r.raw, role, o, aclVersion);
      await this.message(
        r,
        users.map((u) => u.id),
        `订单 ${o.order_no} 待您审批`,
        `金额 ¥${(o.total_amount / 100).toFixed(2)}，请尽快处理`,
        link,
      );
    } else if (status === 'approved') {
      const subs = await r.subOrders([o.id]);
      for (const s of subs) {
        const users = await r.supplierUsers(s.supplier_id);
        await this.message(
          r,
          users.map((u) => u.id),
          `新订单 ${s.sub_no} 待确认`,
          `金额 ¥${(s.total_amount / 100).toFixed(2)}，请确认并安排发货`,
          `/cassSupplier/order?subNo=${s.sub_no}`,
        );
      }
      await this.message(r, [o.buyer_id], `订单 ${o.order_no} 已审批通过`, '已推送给供应商确认', link);
    } else if (status === 'refused') {
      await this.message(r, [o.buyer_id, o.placed_by_id], `订单 ${o.order_no} 被驳回`, `驳回原因：${reason ?? ''}`, link);
    }
  }

  private async notifySub(
    r: LifecycleRepository,
    o: Order,
    s: { id: number; sub_no: string; status: string; supplier_id: number },
    action: SubAction,
    reason: string | null,
    aclVersion: string | null,
  ) {
    const link = `/cass/order/detail?orderId=${o.id}`;
    const st = SUB_STATUS[s.status as SubStatus];
    if (action === 'confirm' || action === 'refuse' || action === 'deliver' || action === 'refundConfirm') {
      await this.message(r, [o.buyer_id], `订单 ${s.sub_no} ${st}`, reason ? `原因：${reason}` : '请留意订单进度', link);
    }
    if (action === 'arrived' && s.status === 'arrived') {
      const users = await this.recipients.get(r.raw, 'checker', o, aclVersion);
      await this.message(
        r,
        users.map((u) => u.id),
        `订单 ${s.sub_no} 已到货待验收`,
        '请核对到货并验收',
        link,
      );
    }
    if (action === 'accept' || action === 'reject')
      await this.message(r, [o.buyer_id], `订单 ${s.sub_no} ${st}`, reason ? `原因：${reason}` : '验收已完成', link);
    if (action === 'refund' || action === 'arrived' || action === 'accept') {
      const users = await r.supplierUsers(s.supplier_id);
      await this.message(
        r,
        users.map((u) => u.id),
        `订单 ${s.sub_no} ${st}`,
        reason ? `原因：${reason}` : '请留意订单进度',
        `/cassSupplier/order?subNo=${s.sub_no}`,
      );
    }
  }

  async myMessages(c: Caller, current: number, size: number, unreadOnly: boolean) {
    const { rows, total } = await this.repo.messages(c.userId, current, size, unreadOnly);
    return {
      records: rows.map((m) => ({ id: m.id, title: m.title, content: m.content, link: m.link, read: m.read === 1, createdAt: m.created_at })),
      total,
      current,
      size,
    };
  }

  async markRead(c: Caller, ids: number[]) {
    await this.repo.markRead(c.userId, ids);
  }

  expressChannels(all: boolean) {
    return this.repo.channels(all);
  }

  async saveChannel(w: Who, v: { id?: number; name: string; code: string; trackingUrl: string | null; status: number; sort: number }) {
    return this.repo.inTransaction(async (r, trx) => {
      const row = { name: v.name, code: v.code, tracking_url: v.trackingUrl, status: v.status, sort: v.sort };
      let id = v.id;
      if (id) {
        const res = await r.updateChannel(id, row);
        if (!Number(res.numUpdatedRows)) fail('NOT_FOUND', '快递渠道不存在');
      } else id = (await r.insertChannel(row)).id;
      await writeAudit(trx, { userId: w.caller.userId, action: 'expressChannel.save', target: `expressChannel:${id}`, detail: row, ip: w.ip });
      return { id };
    });
  }
}

function orderVO(o: Order) {
  return {
    id: o.id,
    orderNo: o.order_no,
    buyerId: o.buyer_id,
    placedById: o.placed_by_id,
    instituteId: o.institute_id,
    deptId: o.dept_id,
    teamId: o.team_id,
    status: o.status,
    statusText: ORDER_STATUS[o.status as OrderStatus] ?? o.status,
    goodsAmount: o.goods_amount,
    deliveryFee: o.delivery_fee,
    totalAmount: o.total_amount,
    hasHazard: o.has_hazard === 1,
    closeReason: o.close_reason,
    createdAt: o.created_at,
  };
}

function lineVO(l: {
  id: number;
  item_id: number;
  name: string;
  spec: string;
  brand: string | null;
  cas: string | null;
  catalog_no: string | null;
  grade: string | null;
  unit: string;
  unit_price: number;
  quantity: number;
  amount: number;
  hazard: string;
  delivered_qty: number;
}) {
  return {
    id: l.id,
    itemId: l.item_id,
    name: l.name,
    spec: l.spec,
    brand: l.brand,
    cas: l.cas,
    catalogNo: l.catalog_no,
    grade: l.grade,
    unit: l.unit,
    unitPrice: l.unit_price,
    quantity: l.quantity,
    deliveredQty: l.delivered_qty,
    amount: l.amount,
    hazards: l.hazard ? l.hazard.split(',') : [],
  };
}
