import type { Kysely } from 'kysely';
import type { DB } from '../../src/platform/db/schema.ts';

let seq = 0;

/**
 * An order with one sub-order of a demo supplier, already accepted by the checker (status completed,
 * with its order-log row `daysAgo` days back), written straight into the tables: the invoice tests
 * need many such sub-orders and the order flow itself is tested in orders-lifecycle.test.ts.
 */
export async function makeAcceptedSubOrder(
  db: Kysely<DB>,
  o: {
    supplier: '国药' | '阿拉丁' | '麦克林';
    buyer: string;
    team: string;
    lines: { amount: number; rate: string }[];
    deliveryFee?: number;
    status?: string;
    daysAgo?: number;
  },
) {
  seq++;
  const s = await db.selectFrom('supplier').select('id').where('company_name', 'like', `%${o.supplier}%`).executeTakeFirstOrThrow();
  const buyer = await db.selectFrom('app_user').select('id').where('user_name', '=', o.buyer).executeTakeFirstOrThrow();
  const team = await db
    .selectFrom('team')
    .innerJoin('dept', 'dept.id', 'team.dept_id')
    .select(['team.id', 'team.dept_id', 'dept.institute_id'])
    .where('team.name', '=', o.team)
    .executeTakeFirstOrThrow();
  const at = new Date(Date.now() - (o.daysAgo ?? 1) * 86_400_000).toISOString();
  const goods = o.lines.reduce((x, l) => x + l.amount, 0);
  const fee = o.deliveryFee ?? 0;
  const status = o.status ?? 'completed';
  const no = `T${Date.now().toString().slice(-8)}${String(seq).padStart(4, '0')}`;
  const { id: orderId } = await db
    .insertInto('purchase_order')
    .values({
      order_no: no,
      buyer_id: buyer.id,
      placed_by_id: buyer.id,
      institute_id: team.institute_id,
      dept_id: team.dept_id,
      team_id: team.id,
      recv_province: '北京市',
      recv_city: '北京市',
      recv_district: '海淀区',
      recv_detail: '中关村北一街2号',
      recv_contact: '王晓明',
      recv_phone: '13810230001',
      goods_amount: goods,
      delivery_fee: fee,
      total_amount: goods + fee,
      has_hazard: 0,
      status: status === 'completed' ? 'completed' : 'approved',
      idempotency_key: `inv-${no}`,
      created_at: at,
      updated_at: at,
      approval_steps: '',
      checker_required: 1,
      close_reason: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id: subId } = await db
    .insertInto('sub_order')
    .values({
      order_id: orderId,
      sub_no: `${no}-1`,
      supplier_id: s.id,
      goods_amount: goods,
      delivery_fee: fee,
      total_amount: goods + fee,
      remark: null,
      status,
      created_at: at,
      updated_at: at,
      flags: '',
      reason: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const item = await db.selectFrom('item').select('id').where('supplier_id', '=', s.id).limit(1).executeTakeFirstOrThrow();
  const lineIds: number[] = [];
  for (const [i, l] of o.lines.entries()) {
    const { id } = await db
      .insertInto('order_line')
      .values({
        order_id: orderId,
        sub_order_id: subId,
        item_id: item.id,
        name: l.rate === '6' ? '核磁共振氢谱检测服务' : `无水乙醇 分析纯 ${i + 1}`,
        spec: '500ml',
        brand: null,
        cas: null,
        catalog_no: null,
        grade: '分析纯',
        unit: '瓶',
        unit_price: l.amount,
        quantity: 1,
        amount: l.amount,
        hazard: '',
        delivered_qty: 1,
        list_price: null,
        price_note: null,
        tax_rate: l.rate,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    lineIds.push(id);
  }
  if (status === 'completed')
    await db
      .insertInto('order_log')
      .values({
        order_id: orderId,
        sub_order_id: subId,
        actor_id: null,
        actor: 'checker',
        action: 'accept',
        from_status: 'arrived',
        to_status: 'completed',
        reason: null,
        created_at: at,
      })
      .execute();
  return { orderId, subId, subNo: `${no}-1`, lineIds, supplierId: s.id };
}
