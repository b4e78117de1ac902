import type { Kysely } from 'kysely';
import type { AfterSalesService } from '../../modules/buying/after-sales/index.ts';
import type { CommentsService } from '../../modules/buying/comments/index.ts';
import type { ComplaintsService } from '../../modules/buying/complaints/index.ts';
import type { DB } from '../../platform/db/schema.ts';
import { demoActor } from './demo-finance.ts';

/** What buyers write about reagents they accepted: scores (quality, delivery, service) and a text. */
const REVIEWS: [number, number, number, string][] = [
  [5, 5, 5, '纯度与 COA 一致，HPLC 基线干净，包装密封良好。'],
  [4, 3, 5, '质量没问题，比承诺晚了两天到货，客服主动说明了原因。'],
  [5, 4, 4, '瓶身贴有批号与有效期，冷链运输，到货时冰袋未化。'],
  [3, 4, 3, '外箱有轻微挤压，内瓶完好；希望改进缓冲包装。'],
];

/**
 * After the demo orders: buyer1 rates the lines of its accepted sub-orders (the supplier answers one),
 * asks for a return of one damaged bottle (the supplier has agreed and waits for it) and complains
 * about a late delivery, all through the services. Runs once: a database with comments gets nothing.
 */
export async function seedDemoFeedback(db: Kysely<DB>, s: { afterSales: AfterSalesService; complaints: ComplaintsService; comments: CommentsService }) {
  if (await db.selectFrom('item_comment').select('id').limit(1).executeTakeFirst()) return 0;
  const buyer = await demoActor(db, 'buyer1');
  if (!buyer) return 0;
  const subs = await db
    .selectFrom('sub_order')
    .innerJoin('purchase_order', 'purchase_order.id', 'sub_order.order_id')
    .select(['sub_order.id', 'sub_order.supplier_id'])
    .where('purchase_order.buyer_id', '=', buyer.caller.userId)
    .where('sub_order.status', '=', 'completed')
    .orderBy('sub_order.id')
    .limit(3)
    .execute();
  let n = 0;
  for (const [i, sub] of subs.entries()) {
    const lines = await db.selectFrom('order_line').select('id').where('sub_order_id', '=', sub.id).orderBy('id').execute();
    const supplierUser = await db
      .selectFrom('app_user')
      .select('user_name')
      .where('supplier_id', '=', sub.supplier_id)
      .where('account_type', '=', 2)
      .orderBy('id')
      .executeTakeFirst();
    const supplier = supplierUser ? await demoActor(db, supplierUser.user_name) : null;
    for (const [j, line] of lines.entries()) {
      const [quality, delivery, service, content] = REVIEWS[(i + j) % REVIEWS.length];
      const { id } = await s.comments.add(buyer, { lineId: line.id, quality, delivery, service, content });
      if (supplier && j === 0) await s.comments.reply(supplier, id, '感谢您的评价，我们会持续改进包装与配送时效。');
      n++;
    }
    if (i === 0 && lines.length && supplier) {
      const made = await s.afterSales.apply(buyer, {
        subOrderId: sub.id,
        type: 'return',
        reason: '到货时一瓶外包装破损、瓶盖松动，试剂有少量渗漏，申请退货。',
        lines: [{ lineId: lines[0].id, quantity: 1 }],
        pictureIds: [],
      });
      await s.afterSales.move(supplier, made.id, 'agree', 'supplier', { supplier_note: '请寄回上海仓，运费到付' }, '请寄回上海仓，运费到付');
    }
    if (i === 1)
      await s.complaints.create(buyer, {
        subOrderId: sub.id,
        category: 'delivery',
        content: '下单时页面显示现货 3 天送达，实际 9 天才到货，影响实验进度。',
        fileIds: [],
      });
  }
  return n;
}
