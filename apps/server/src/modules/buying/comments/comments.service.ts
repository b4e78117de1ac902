import { type CommentBody, maskName } from '@kc/contracts/buying/comments';
import type { Caller } from '../../../platform/auth/access.ts';
import type { Who } from '../../../platform/auth/who.ts';
import { callerScope } from '../../../platform/db/data-scope.ts';
import { isUniqueViolation } from '../../../platform/db/unique-violation.ts';
import { fail } from '../../../platform/http/errors.ts';
import type { MessagesService } from '../../shared/messages/index.ts';
import type { CommentFilter, CommentsRepository, Viewer } from './comments.repository.ts';

type Row = NonNullable<Awaited<ReturnType<CommentsRepository['comment']>>>;
const NOT_FOUND = '评价不存在';
/** Only an accepted sub-order's lines are rated (docs/domains/buying.md#comments). */
const COMMENTABLE_STATUS = 'completed';
const ALREADY = '该商品已评价，每个订单行只能评价一次';

const commentVO = (r: Row) => ({
  id: r.id,
  lineId: r.order_line_id,
  subOrderId: r.sub_order_id,
  subNo: r.sub_no,
  orderId: r.order_id,
  itemId: r.item_id,
  itemName: r.item_name,
  spec: r.spec,
  supplierName: r.supplier_name,
  buyerName: r.real_name ?? r.user_name,
  quality: r.quality,
  delivery: r.delivery,
  service: r.service,
  content: r.content,
  reply: r.reply,
  repliedAt: r.replied_at,
  hidden: r.hidden === 1,
  hideReason: r.hide_reason,
  createdAt: r.created_at,
});
const average = (sum: number, n: number) => (n ? Math.round((sum / n) * 10) / 10 : null);
const owns = (c: Caller, o: { buyer_id: number; placed_by_id: number }) => c.accountType === 1 && (o.buyer_id === c.userId || o.placed_by_id === c.userId);

/**
 * 评价: one comment per accepted order line by its buyer (or the assistant who placed it), the
 * supplier's reply, the platform's hiding with a reason; the item page reads the visible ones.
 */
export class CommentsService {
  constructor(
    private readonly repo: CommentsRepository,
    private readonly messages: MessagesService,
  ) {}

  private viewer(c: Caller): Viewer {
    if (c.accountType === 0) return { kind: 'platform' };
    if (c.accountType === 2) return c.supplierId ? { kind: 'supplier', supplierId: c.supplierId } : fail('FORBIDDEN');
    return { kind: 'buyer', scope: callerScope(c) };
  }

  async page(c: Caller, f: CommentFilter & { current: number; size: number }) {
    const { rows, total } = await this.repo.page(this.viewer(c), f, f.current, f.size);
    return { records: rows.map(commentVO), total, current: f.current, size: f.size };
  }

  async add(w: Who, b: CommentBody) {
    const c = w.caller;
    const l = await this.repo.line(b.lineId);
    if (!l || !owns(c, l)) return fail('NOT_FOUND', '订单行不存在');
    if (l.status !== COMMENTABLE_STATUS) fail('STATE_CONFLICT', '验收通过后才能评价');
    if (await this.repo.commentOfLine(l.id)) fail('STATE_CONFLICT', ALREADY);
    try {
      return await this.repo.inTransaction(async (r, trx) => {
        const id = await r.insert({
          order_line_id: l.id,
          sub_order_id: l.sub_order_id,
          order_id: l.order_id,
          item_id: l.item_id,
          supplier_id: l.supplier_id,
          buyer_id: l.buyer_id,
          author_id: c.userId,
          institute_id: l.institute_id,
          dept_id: l.dept_id,
          team_id: l.team_id,
          quality: b.quality,
          delivery: b.delivery,
          service: b.service,
          content: b.content,
          created_at: new Date().toISOString(),
        });
        await this.messages.within(trx).tellSupplier(l.supplier_id, {
          title: '收到新的评价',
          content: `采购人对订单商品给出了评价（质量 ${b.quality}、货期 ${b.delivery}、服务 ${b.service}），可在“评价回复”中回复。`,
          link: '/cassSupplier/comment',
        });
        await r.audit({ userId: c.userId, action: 'comment.add', target: String(id), detail: { lineId: l.id }, ip: w.ip });
        return { id };
      });
    } catch (err) {
      // two submissions of the same line at once: the unique index keeps one
      if (isUniqueViolation(err)) fail('STATE_CONFLICT', ALREADY);
      throw err;
    }
  }

  /** For the order detail's 评价 buttons: each line of one of the caller's orders, its comment if any, and whether it may be rated now. */
  async ofOrder(c: Caller, orderId: number) {
    const lines = await this.repo.orderLines(orderId);
    if (lines.length === 0 || !owns(c, lines[0])) return fail('NOT_FOUND', '订单不存在');
    return lines.map((l) => ({ lineId: l.id, commentId: l.comment_id, commentable: l.comment_id === null && l.status === COMMENTABLE_STATUS }));
  }

  async reply(w: Who, id: number, content: string) {
    const c = w.caller;
    const row = (await this.repo.comment(id, this.viewer(c))) ?? fail('NOT_FOUND', NOT_FOUND);
    await this.repo.inTransaction(async (r, trx) => {
      await r.setReply(id, row.supplier_id, content);
      await this.messages
        .within(trx)
        .tell([row.author_id], { title: '供应商回复了您的评价', content: `“${row.item_name}”：${content}`, link: '/cass/comment/my' });
      await r.audit({ userId: c.userId, action: 'comment.reply', target: String(id), ip: w.ip });
    });
  }

  /** The platform hides a comment from the item page (with a reason the author is told) or shows it again. */
  async moderate(w: Who, id: number, hide: boolean, reason: string | null) {
    const c = w.caller;
    const row = (await this.repo.comment(id, { kind: 'platform' })) ?? fail('NOT_FOUND', NOT_FOUND);
    await this.repo.inTransaction(async (r, trx) => {
      if (!(await r.setHidden(id, hide, c.userId, hide ? reason : null))) fail('STATE_CONFLICT', hide ? '该评价已隐藏' : '该评价未隐藏');
      if (hide)
        await this.messages.within(trx).tell([row.author_id], {
          title: '您的评价已被隐藏',
          content: `“${row.item_name}”的评价已被平台隐藏：${reason}`,
          link: '/cass/comment/my',
        });
      await r.audit({ userId: c.userId, action: hide ? 'comment.hide' : 'comment.show', target: String(id), detail: { reason }, ip: w.ip });
    });
  }

  /** The item page: averages and a page of visible comments, names masked. */
  async forItem(itemId: number, current: number, size: number) {
    const { count, sums, rows } = await this.repo.forItem(itemId, current, size);
    return {
      count,
      quality: average(sums.quality, count),
      delivery: average(sums.delivery, count),
      service: average(sums.service, count),
      page: {
        records: rows.map((r) => ({
          id: r.id,
          buyerName: maskName(r.real_name ?? r.user_name),
          spec: r.spec,
          quality: r.quality,
          delivery: r.delivery,
          service: r.service,
          content: r.content,
          reply: r.reply,
          createdAt: r.created_at,
        })),
        total: count,
        current,
        size,
      },
    };
  }
}
