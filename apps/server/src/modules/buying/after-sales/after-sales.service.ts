import {
  AFTER_SALE_ACTION_TEXT,
  AFTER_SALE_STATUS_TEXT,
  AFTER_SALE_SUB_STATES,
  AFTER_SALE_TYPE_TEXT,
  type AfterSaleAction,
  type AfterSaleApplyBody,
  type AfterSaleStatus,
  type AfterSaleType,
  NEEDS_RETURN,
  REFUNDS,
} from '@kc/contracts/buying/after-sales';
import type { Caller } from '../../../platform/auth/access.ts';
import type { Who } from '../../../platform/auth/who.ts';
import { callerScope } from '../../../platform/db/data-scope.ts';
import { fail } from '../../../platform/http/errors.ts';
import { transition } from '../../../platform/transitions.ts';
import type { FilesService } from '../../shared/files/index.ts';
import type { MessagesService } from '../../shared/messages/index.ts';
import type { Refunds } from '../orders/index.ts';
import { AFTER_SALE_TRANSITIONS, type AfterSaleActor, DELETABLE } from './after-sale-states.ts';
import type { AfterSaleFilter, AfterSalesRepository, Viewer } from './after-sales.repository.ts';

type Row = NonNullable<Awaited<ReturnType<AfterSalesRepository['request']>>>;
const NOT_FOUND = '售后申请不存在';
const BUYER_LINK = '/cass/afterSale/my';
const SUPPLIER_LINK = '/cassSupplier/afterSale';
const personName = (r: { real_name: string | null; user_name: string | null }) => r.real_name ?? r.user_name ?? '';

export const afterSaleVO = (r: Row) => ({
  id: r.id,
  requestNo: r.request_no,
  subOrderId: r.sub_order_id,
  subNo: r.sub_no,
  orderId: r.order_id,
  supplierId: r.supplier_id,
  supplierName: r.supplier_name,
  buyerName: personName(r),
  type: r.type as AfterSaleType,
  typeText: AFTER_SALE_TYPE_TEXT[r.type as AfterSaleType],
  status: r.status as AfterSaleStatus,
  statusText: AFTER_SALE_STATUS_TEXT[r.status as AfterSaleStatus],
  reason: r.reason,
  refundAmount: Number(r.refund_amount),
  refuseReason: r.refuse_reason,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

/**
 * 售后: the buyer's requests on the delivered goods of its own sub-orders, the supplier's answers,
 * the goods coming back and the refund or replacement. Quantities are bounded per line by what was
 * delivered less what live requests hold, judged under a lock on the sub-order; refunds are priced
 * from the order lines. A whole-sub-order refund before acceptance stays with the order's own
 * 申请退款 (orders module); a finished return or refund-only reaches money and stock through the
 * orders module's refund path (`Refunds.part`), which this does not duplicate.
 */
export class AfterSalesService {
  constructor(
    private readonly repo: AfterSalesRepository,
    private readonly files: FilesService,
    private readonly messages: MessagesService,
    /** the orders module's one refund path, run in this module's transaction */
    private readonly refunds: Pick<Refunds, 'part'>,
  ) {}

  /** The buyer side sees by its data scope; a supplier its own requests; the platform all. */
  viewer(c: Caller): Viewer {
    if (c.accountType === 0) return { kind: 'platform' };
    if (c.accountType === 2) return c.supplierId ? { kind: 'supplier', supplierId: c.supplierId } : fail('FORBIDDEN');
    return { kind: 'buyer', scope: callerScope(c) };
  }

  private async visible(c: Caller, id: number) {
    const r = await this.repo.request(id, this.viewer(c));
    return r ?? fail('NOT_FOUND', NOT_FOUND);
  }

  /** The caller's own order (bought for them or placed by them): only they file and move its requests. */
  private static owns(c: Caller, o: { buyer_id: number; placed_by_id: number }) {
    return c.accountType === 1 && (o.buyer_id === c.userId || o.placed_by_id === c.userId);
  }

  async page(c: Caller, f: AfterSaleFilter & { current: number; size: number }) {
    const { rows, total } = await this.repo.page(this.viewer(c), f, f.current, f.size);
    return { records: rows.map(afterSaleVO), total, current: f.current, size: f.size };
  }

  async detail(c: Caller, id: number) {
    const r = await this.visible(c, id);
    const [lines, pictures, logs] = await Promise.all([this.repo.lines(id), this.repo.pictures(id), this.repo.logs(id)]);
    return {
      ...afterSaleVO(r),
      lines: lines.map((l) => ({
        lineId: l.order_line_id,
        name: l.name,
        spec: l.spec,
        unit: l.unit,
        unitPrice: Number(l.unit_price),
        quantity: l.quantity,
        amount: Number(l.amount),
      })),
      pictureCount: pictures.length,
      expressCompany: r.express_company,
      trackingNo: r.tracking_no,
      supplierNote: r.supplier_note,
      logs: logs.map((l) => ({
        action: l.action,
        actionText: AFTER_SALE_ACTION_TEXT[l.action as AfterSaleAction] ?? l.action,
        actorName: personName(l) || (l.actor === 'supplier' ? '供应商' : '系统'),
        toStatus: l.to_status,
        note: l.note,
        createdAt: l.created_at,
      })),
    };
  }

  /** batchReapPictures: every photo of a request, as signed links, in one call. */
  async pictures(c: Caller, id: number) {
    await this.visible(c, id);
    return (await this.repo.pictures(id)).map((p) => ({ id: p.id, name: p.original_name, url: this.files.signedUrl(p.id) }));
  }

  private async ownSubOrder(c: Caller, subOrderId: number) {
    const s = await this.repo.subOrder(subOrderId);
    if (!s || !AfterSalesService.owns(c, s)) return fail('NOT_FOUND', '子订单不存在');
    return s;
  }

  /** What each line of the caller's sub-order may still be asked for. */
  async applicable(c: Caller, subOrderId: number) {
    const s = await this.ownSubOrder(c, subOrderId);
    const [lines, held] = await Promise.all([this.repo.orderLines(subOrderId), this.repo.requestedByLine(subOrderId)]);
    return {
      subOrderId: s.id,
      subNo: s.sub_no,
      subStatus: s.status,
      accepted: s.status === 'completed',
      lines: lines.map((l) => {
        const requested = held.get(l.id) ?? 0;
        return {
          lineId: l.id,
          name: l.name,
          spec: l.spec,
          unit: l.unit,
          unitPrice: Number(l.unit_price),
          delivered: l.delivered_qty,
          requested,
          available: Math.max(0, l.delivered_qty - requested),
        };
      }),
    };
  }

  async apply(w: Who, b: AfterSaleApplyBody) {
    const c = w.caller;
    const lineIds = b.lines.map((l) => l.lineId);
    if (new Set(lineIds).size !== lineIds.length) fail('BAD_REQUEST', '同一商品行只能出现一次');
    if (b.pictureIds.length) await this.files.mustBeAttachable(b.pictureIds, 'afterSale', c.userId);
    return this.repo.inTransaction(async (r, trx) => {
      // judged under the sub-order's lock: two requests at once cannot both take the last units
      await r.lockSubOrder(b.subOrderId);
      const s = await r.subOrder(b.subOrderId);
      if (!s || !AfterSalesService.owns(c, s)) return fail('NOT_FOUND', '子订单不存在');
      if (!(AFTER_SALE_SUB_STATES as readonly string[]).includes(s.status)) fail('STATE_CONFLICT', '子订单尚未发货或已结束，不能申请售后');
      const lines = new Map((await r.orderLines(s.id)).map((l) => [l.id, l]));
      const held = await r.requestedByLine(s.id);
      const priced = b.lines.map((want) => {
        const l = lines.get(want.lineId) ?? fail('BAD_REQUEST', '所选商品不属于该子订单');
        const available = l.delivered_qty - (held.get(l.id) ?? 0);
        if (want.quantity > available)
          fail(
            'BAD_REQUEST',
            available > 0 ? `“${l.name}”最多还可申请 ${available}${l.unit}` : `“${l.name}”没有可申请售后的数量（已发货 ${l.delivered_qty}${l.unit}）`,
          );
        return { lineId: l.id, quantity: want.quantity, unitPrice: Number(l.unit_price) };
      });
      // money back for everything before acceptance is the order's own 申请退款, not a second path to it
      const whole = [...lines.values()].every((l) => priced.find((p) => p.lineId === l.id)?.quantity === l.quantity);
      if (b.type === 'refund' && s.status !== 'completed' && whole) fail('STATE_CONFLICT', '整单退款请在订单详情中使用“申请退款”');
      const refund = REFUNDS.includes(b.type) ? priced.reduce((sum, p) => sum + p.quantity * p.unitPrice, 0) : 0;
      const now = new Date().toISOString();
      const { id, requestNo } = await r.insert({
        sub_order_id: s.id,
        order_id: s.order_id,
        supplier_id: s.supplier_id,
        buyer_id: s.buyer_id,
        placed_by_id: s.placed_by_id,
        applicant_id: c.userId,
        institute_id: s.institute_id,
        dept_id: s.dept_id,
        team_id: s.team_id,
        type: b.type,
        status: 'requested',
        reason: b.reason,
        refund_amount: refund,
        created_at: now,
        updated_at: now,
      });
      await r.insertLines(id, priced);
      await r.insertPictures(id, b.pictureIds);
      await r.log({ afterSaleId: id, actorId: c.userId, actor: 'buyer', action: 'apply', from: null, to: 'requested', note: b.reason });
      await this.messages.within(trx).tellSupplier(s.supplier_id, {
        title: '新的售后申请',
        content: `子订单 ${s.sub_no} 有新的${AFTER_SALE_TYPE_TEXT[b.type]}申请（${requestNo}），请及时处理。`,
        link: SUPPLIER_LINK,
      });
      await r.audit({ userId: c.userId, action: 'afterSale.apply', target: requestNo, detail: { subOrderId: s.id, type: b.type, refund }, ip: w.ip });
      return { id, requestNo, refundAmount: refund };
    });
  }

  /**
   * One move of a request by the buyer (its own) or the supplier (its own): the table names the
   * target, the update is conditional on the state read, and the other side is told.
   */
  async move(
    w: Who,
    id: number,
    action: AfterSaleAction,
    actor: AfterSaleActor,
    patch: Parameters<AfterSalesRepository['move']>[3] = {},
    note: string | null = null,
  ) {
    const c = w.caller;
    return this.repo.inTransaction(async (r, trx) => {
      const viewer: Viewer = actor === 'supplier' ? this.viewer(c) : { kind: 'buyer', scope: { kind: 'self', userId: c.userId } };
      const row = await r.request(id, viewer);
      if (!row || (actor === 'buyer' && !AfterSalesService.owns(c, row))) return fail('NOT_FOUND', NOT_FOUND);
      const from = row.status as AfterSaleStatus;
      const to = transition(AFTER_SALE_TRANSITIONS, from, action, actor, { type: row.type as AfterSaleType });
      if (!to) return fail('STATE_CONFLICT', `售后申请${AFTER_SALE_STATUS_TEXT[from]}，不能${AFTER_SALE_ACTION_TEXT[action]}`);
      if (!(await r.move(id, from, to, patch))) fail('STATE_CONFLICT', '售后申请状态已变化，请刷新后重试');
      // money back goes through the orders' one refund path, in this transaction: grant card,
      // statistics, inventory (returned goods), and what invoices and statements read
      if (to === 'refunded') {
        const lines = await r.lines(id);
        await this.refunds.part(trx, {
          subOrderId: row.sub_order_id,
          source: 'after_sale',
          sourceId: id,
          ref: row.request_no,
          lines: lines.map((l) => ({ lineId: l.order_line_id, quantity: l.quantity, amount: Number(l.amount) })),
          goodsBack: NEEDS_RETURN.includes(row.type as AfterSaleType),
          actorId: c.userId,
          reason: `售后退款 ${row.request_no}`,
        });
      }
      await r.log({ afterSaleId: id, actorId: c.userId, actor, action, from, to, note });
      const notice = {
        title: `售后申请${AFTER_SALE_STATUS_TEXT[to]}`,
        content: `售后申请 ${row.request_no}（子订单 ${row.sub_no}）：${AFTER_SALE_ACTION_TEXT[action]}${note ? `，${note}` : ''}。`,
      };
      if (actor === 'supplier') await this.messages.within(trx).tell([row.buyer_id, row.placed_by_id], { ...notice, link: BUYER_LINK });
      else await this.messages.within(trx).tellSupplier(row.supplier_id, { ...notice, link: SUPPLIER_LINK });
      await r.audit({ userId: c.userId, action: `afterSale.${action}`, target: row.request_no, detail: { from, to }, ip: w.ip });
      return { id, status: to, statusText: AFTER_SALE_STATUS_TEXT[to] };
    });
  }

  /** del: the buyer removes its own cancelled or closed request from its list (the record stays, its quantities keep counting). */
  async remove(w: Who, id: number) {
    const c = w.caller;
    const row = await this.repo.request(id, { kind: 'buyer', scope: { kind: 'self', userId: c.userId } });
    if (!row || !AfterSalesService.owns(c, row)) return fail('NOT_FOUND', NOT_FOUND);
    if (!DELETABLE.includes(row.status as AfterSaleStatus) || !(await this.repo.hideFromBuyer(id, DELETABLE)))
      fail('STATE_CONFLICT', '只能删除已撤销或已关闭的售后申请');
    await this.repo.audit({ userId: c.userId, action: 'afterSale.del', target: row.request_no, ip: w.ip });
  }
}
