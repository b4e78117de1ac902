import type { Insertable, Transaction } from 'kysely';
import { type AuditEntry, writeAudit } from '../../../platform/audit/audit.ts';
import { orderPartiesScope, type Scope, scopeWhere } from '../../../platform/db/data-scope.ts';
import type { Executor } from '../../../platform/db/executor.ts';
import { containsText } from '../../../platform/db/like.ts';
import { pageWithTotal } from '../../../platform/db/page-with-total.ts';
import type { DB, ItemCommentTable } from '../../../platform/db/schema.ts';

const COMMENT_SCOPE = orderPartiesScope('item_comment', ['buyer_id', 'author_id']);

export type Viewer = { kind: 'buyer'; scope: Scope } | { kind: 'supplier'; supplierId: number } | { kind: 'platform' };
export interface CommentFilter {
  state?: 'hidden' | 'visible' | 'unreplied';
  itemName?: string;
  minScore?: number;
  maxScore?: number;
}

/** SQL of comments: the line commented on, the lists per viewer, the item page's averages and page. */
export class CommentsRepository {
  constructor(private readonly db: Executor) {}

  inTransaction<T>(fn: (r: CommentsRepository, trx: Transaction<DB>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => fn(new CommentsRepository(trx), trx));
  }

  audit(e: AuditEntry) {
    return writeAudit(this.db, e);
  }

  /** An order line with its sub-order's state and the order's parties. */
  line(id: number) {
    return this.db
      .selectFrom('order_line as l')
      .innerJoin('sub_order as s', 's.id', 'l.sub_order_id')
      .innerJoin('purchase_order as po', 'po.id', 'l.order_id')
      .select([
        'l.id',
        'l.item_id',
        'l.order_id',
        'l.sub_order_id',
        's.status',
        's.supplier_id',
        'po.buyer_id',
        'po.placed_by_id',
        'po.institute_id',
        'po.dept_id',
        'po.team_id',
      ])
      .where('l.id', '=', id)
      .executeTakeFirst();
  }

  async insert(v: Insertable<ItemCommentTable>) {
    const { id } = await this.db.insertInto('item_comment').values(v).returning('id').executeTakeFirstOrThrow();
    return id;
  }

  commentOfLine(lineId: number) {
    return this.db.selectFrom('item_comment').select('id').where('order_line_id', '=', lineId).executeTakeFirst();
  }

  /** The lines of one order with their sub-order's state, the parties, and any comment on them. */
  orderLines(orderId: number) {
    return this.db
      .selectFrom('order_line as l')
      .innerJoin('sub_order as s', 's.id', 'l.sub_order_id')
      .innerJoin('purchase_order as po', 'po.id', 'l.order_id')
      .leftJoin('item_comment as c', 'c.order_line_id', 'l.id')
      .select(['l.id', 's.status', 'po.buyer_id', 'po.placed_by_id', 'c.id as comment_id'])
      .where('l.order_id', '=', orderId)
      .orderBy('l.id')
      .execute();
  }

  private base() {
    return this.db
      .selectFrom('item_comment')
      .innerJoin('order_line as l', 'l.id', 'item_comment.order_line_id')
      .innerJoin('sub_order as s', 's.id', 'item_comment.sub_order_id')
      .innerJoin('supplier as sp', 'sp.id', 'item_comment.supplier_id')
      .innerJoin('app_user as u', 'u.id', 'item_comment.buyer_id')
      .selectAll('item_comment')
      .select(['l.name as item_name', 'l.spec', 's.sub_no', 'sp.company_name as supplier_name', 'u.real_name', 'u.user_name']);
  }

  private seen<Q extends ReturnType<CommentsRepository['base']>>(q: Q, v: Viewer): Q {
    if (v.kind === 'supplier') return q.where('item_comment.supplier_id', '=', v.supplierId) as Q;
    if (v.kind === 'platform') return q;
    const cond = scopeWhere(v.scope, COMMENT_SCOPE);
    return (cond ? q.where(cond) : q) as Q;
  }

  comment(id: number, v: Viewer) {
    return this.seen(this.base(), v).where('item_comment.id', '=', id).executeTakeFirst();
  }

  async page(v: Viewer, f: CommentFilter, current: number, size: number) {
    let q = this.seen(this.base(), v);
    if (f.state === 'hidden') q = q.where('item_comment.hidden', '=', 1);
    if (f.state === 'visible') q = q.where('item_comment.hidden', '=', 0);
    if (f.state === 'unreplied') q = q.where('item_comment.reply', 'is', null);
    if (f.itemName) q = q.where(containsText('l.name', f.itemName));
    // by the lowest of the three scores: a 1 in any of them is a complaint worth reading
    if (f.minScore !== undefined) {
      const min = f.minScore;
      q = q.where((eb) => eb.and([eb('item_comment.quality', '>=', min), eb('item_comment.delivery', '>=', min), eb('item_comment.service', '>=', min)]));
    }
    if (f.maxScore !== undefined) {
      const max = f.maxScore;
      q = q.where((eb) => eb.or([eb('item_comment.quality', '<=', max), eb('item_comment.delivery', '<=', max), eb('item_comment.service', '<=', max)]));
    }
    return pageWithTotal(q, (x) => x.orderBy('item_comment.id', 'desc'), current, size);
  }

  async setReply(id: number, supplierId: number, content: string) {
    const r = await this.db
      .updateTable('item_comment')
      .set({ reply: content, replied_at: new Date().toISOString() })
      .where('id', '=', id)
      .where('supplier_id', '=', supplierId)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  async setHidden(id: number, hidden: boolean, by: number, reason: string | null) {
    const r = await this.db
      .updateTable('item_comment')
      .set({ hidden: hidden ? 1 : 0, hide_reason: reason, hidden_by: hidden ? by : null })
      .where('id', '=', id)
      .where('hidden', '=', hidden ? 0 : 1)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** The item page: count and averages of the visible comments, and one page of them, newest first. */
  async forItem(itemId: number, current: number, size: number) {
    const visible = this.db.selectFrom('item_comment').where('item_comment.item_id', '=', itemId).where('item_comment.hidden', '=', 0);
    const [sums, rows] = await Promise.all([
      visible
        .select((eb) => [
          eb.fn.countAll<number>().as('n'),
          eb.fn.sum<number>('quality').as('q'),
          eb.fn.sum<number>('delivery').as('d'),
          eb.fn.sum<number>('service').as('s'),
        ])
        .executeTakeFirstOrThrow(),
      visible
        .innerJoin('order_line as l', 'l.id', 'item_comment.order_line_id')
        .innerJoin('app_user as u', 'u.id', 'item_comment.buyer_id')
        .select([
          'item_comment.id',
          'item_comment.quality',
          'item_comment.delivery',
          'item_comment.service',
          'item_comment.content',
          'item_comment.reply',
          'item_comment.created_at',
          'l.spec',
          'u.real_name',
          'u.user_name',
        ])
        .orderBy('item_comment.id', 'desc')
        .limit(size)
        .offset((current - 1) * size)
        .execute(),
    ]);
    return { count: Number(sums.n), sums: { quality: Number(sums.q ?? 0), delivery: Number(sums.d ?? 0), service: Number(sums.s ?? 0) }, rows };
  }
}
