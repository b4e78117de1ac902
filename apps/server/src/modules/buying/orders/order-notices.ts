import type { Selectable, Transaction } from 'kysely';
import type { DB, PurchaseOrderTable } from '../../../platform/db/schema.ts';
import type { ApprovalsService } from '../../shared/approvals/index.ts';
import type { MessagesService } from '../../shared/messages/index.ts';
import { OrderRepository } from './order.repository.ts';
import { type OrderStatus, SUB_STATUS, type SubAction, type SubStatus } from './order-states.ts';

type Order = Selectable<PurchaseOrderTable>;
const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;
const orderLink = (id: number) => `/cass/order/detail?orderId=${id}`;
const supplierLink = (subNo: string) => `/cassSupplier/order?subNo=${subNo}`;

/**
 * The wording of order messages and whom they reach: the next approver, the supplier, the buyer,
 * the checkers. Written inside the move's own transaction through the messages module.
 */
export class OrderNotices {
  constructor(
    private readonly messages: MessagesService,
    private readonly approvals: ApprovalsService,
  ) {}

  /** After an order-level move (placed, passed, refused): tell whoever acts next. */
  async next(trx: Transaction<DB>, o: Order, aclVersion: string | null, reason?: string | null, cardHolder?: number | null) {
    const status = o.status as OrderStatus;
    const link = orderLink(o.id);
    const scope = { institute_id: o.institute_id, team_id: o.team_id };
    if (status === 'pending_card' && cardHolder) {
      await this.messages.tell(trx, [cardHolder], {
        title: `订单 ${o.order_no} 申请使用您的经费卡（他人代付）`,
        content: `金额 ${yuan(o.total_amount)}，同意后进入后续审批`,
        link,
      });
    } else if (status === 'pending_team' || status === 'pending_institute') {
      const users = await this.approvals.recipients(status === 'pending_team' ? 'team' : 'institute', scope, aclVersion, trx);
      await this.messages.tell(
        trx,
        users.map((u) => u.id),
        { title: `订单 ${o.order_no} 待您审批`, content: `金额 ${yuan(o.total_amount)}，请尽快处理`, link },
      );
    } else if (status === 'approved') {
      const subs = await new OrderRepository(trx).subOrders([o.id]);
      for (const s of subs) {
        await this.messages.tellSupplier(trx, s.supplier_id, {
          title: `新订单 ${s.sub_no} 待确认`,
          content: `金额 ${yuan(s.total_amount)}，请确认并安排发货`,
          link: supplierLink(s.sub_no),
        });
      }
      await this.messages.tell(trx, [o.buyer_id], { title: `订单 ${o.order_no} 已审批通过`, content: '已推送给供应商确认', link });
    } else if (status === 'refused') {
      await this.messages.tell(trx, [o.buyer_id, o.placed_by_id], { title: `订单 ${o.order_no} 被驳回`, content: `驳回原因：${reason ?? ''}`, link });
    }
  }

  async stopped(trx: Transaction<DB>, o: Order, reason: string) {
    await this.messages.tell(trx, [o.buyer_id], {
      title: `订单 ${o.order_no} 已被平台终止`,
      content: `终止原因：${reason}`,
      link: `/cass/order/myOrder?orderId=${o.id}`,
    });
  }

  /** After a sub-order move: the buyer hears of the supplier's and checker's moves, the checkers of arrivals, the supplier of the buyer's. */
  async sub(
    trx: Transaction<DB>,
    o: Order,
    s: { sub_no: string; status: string; supplier_id: number },
    action: SubAction,
    reason: string | null,
    aclVersion: string | null,
  ) {
    const link = orderLink(o.id);
    const st = SUB_STATUS[s.status as SubStatus];
    const because = (otherwise: string) => (reason ? `原因：${reason}` : otherwise);
    if (action === 'confirm' || action === 'refuse' || action === 'deliver' || action === 'refundConfirm') {
      await this.messages.tell(trx, [o.buyer_id], { title: `订单 ${s.sub_no} ${st}`, content: because('请留意订单进度'), link });
    }
    if (action === 'arrived' && s.status === 'arrived') {
      const users = await this.approvals.recipients('checker', { institute_id: o.institute_id, team_id: o.team_id }, aclVersion, trx);
      await this.messages.tell(
        trx,
        users.map((u) => u.id),
        { title: `订单 ${s.sub_no} 已到货待验收`, content: '请核对到货并验收', link },
      );
    }
    if (action === 'accept' || action === 'reject') {
      await this.messages.tell(trx, [o.buyer_id], { title: `订单 ${s.sub_no} ${st}`, content: because('验收已完成'), link });
    }
    if (action === 'refund' || action === 'arrived' || action === 'accept') {
      await this.messages.tellSupplier(trx, s.supplier_id, {
        title: `订单 ${s.sub_no} ${st}`,
        content: because('请留意订单进度'),
        link: supplierLink(s.sub_no),
      });
    }
  }
}
