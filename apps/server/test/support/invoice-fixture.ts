import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../src/platform/db/schema.ts';
import { supplierId } from './catalog-fixtures.ts';

/**
 * Completed sub-orders and the invoices that bill them, written straight into the database (the
 * order flow and invoice upload have their own tests): what a claim test needs to start from.
 *
 *   const sub = await completedSubOrder(db, 'buyer1', { lines: [12_000, 3_500] });
 *   await billExactly(db, sub.subOrderId);           // matchOf says matched
 *   await billWithException(db, sub.subOrderId);     // matchOf says exception (wrong buyer tax id)
 */
let seq = 0;
const now = () => new Date().toISOString();
const uniq = () => `${Date.now().toString(36)}${(seq++).toString(36)}${randomBytes(2).toString('hex')}`;

export interface FixtureSub {
  orderId: number;
  subOrderId: number;
  subNo: string;
  amount: number;
  instituteId: number;
  teamId: number | null;
}

/** A placed order of `userName` (their current institute, department and team) with one sub-order in `status`. */
export async function completedSubOrder(
  db: Kysely<DB>,
  userName: string,
  o: { lines?: number[]; deliveryFee?: number; status?: string; supplier?: '国药' | '阿拉丁' | '麦克林'; taxRate?: string } = {},
): Promise<FixtureSub> {
  const user = await db.selectFrom('app_user').select(['id', 'institute_id']).where('user_name', '=', userName).executeTakeFirstOrThrow();
  const ud = await db.selectFrom('user_dept').select(['dept_id', 'team_id']).where('user_id', '=', user.id).orderBy('dept_id').executeTakeFirst();
  const lines = o.lines ?? [10_000];
  const fee = o.deliveryFee ?? 0;
  const goods = lines.reduce((a, b) => a + b, 0);
  const sup = await supplierId(db, o.supplier ?? '国药');
  const no = `PO${uniq()}`;
  const t = now();
  const { id: orderId } = await db
    .insertInto('purchase_order')
    .values({
      order_no: no,
      buyer_id: user.id,
      placed_by_id: user.id,
      institute_id: user.institute_id,
      dept_id: ud?.dept_id ?? null,
      team_id: ud?.team_id ?? null,
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
      status: 'completed',
      idempotency_key: uniq(),
      created_at: t,
      updated_at: t,
      approval_steps: '',
      checker_required: 1,
      close_reason: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const subNo = `${no}-1`;
  const { id: subOrderId } = await db
    .insertInto('sub_order')
    .values({
      order_id: orderId,
      sub_no: subNo,
      supplier_id: sup,
      goods_amount: goods,
      delivery_fee: fee,
      total_amount: goods + fee,
      remark: null,
      status: o.status ?? 'completed',
      created_at: t,
      updated_at: t,
      flags: '',
      reason: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const item = await db.selectFrom('item').select('id').orderBy('id').executeTakeFirstOrThrow();
  for (const [i, amount] of lines.entries())
    await db
      .insertInto('order_line')
      .values({
        order_id: orderId,
        sub_order_id: subOrderId,
        item_id: item.id,
        name: `无水乙醇 ${i + 1}`,
        spec: '500ml',
        brand: '国药',
        cas: '64-17-5',
        catalog_no: null,
        grade: null,
        unit: '瓶',
        unit_price: amount,
        quantity: 1,
        amount,
        hazard: '',
        delivered_qty: 1,
        list_price: null,
        price_note: null,
        tax_rate: o.taxRate ?? '13',
      })
      .execute();
  return { orderId, subOrderId, subNo, amount: goods + fee, instituteId: user.institute_id as number, teamId: ud?.team_id ?? null };
}

/** A 20-digit 数电 number (a string: it is beyond JavaScript's safe integers). */
export const digitalNumber = () => `2611${String(Date.now()).slice(-10)}${String(seq++).padStart(6, '0')}`.slice(0, 20);

async function bill(db: Kysely<DB>, subOrderId: number, exception: string | null, accepted?: { by: number; reason: string }) {
  const sub = await db
    .selectFrom('sub_order')
    .innerJoin('purchase_order', 'purchase_order.id', 'sub_order.order_id')
    .select(['sub_order.id', 'sub_order.supplier_id', 'sub_order.delivery_fee', 'purchase_order.institute_id'])
    .where('sub_order.id', '=', subOrderId)
    .executeTakeFirstOrThrow();
  const lines = await db.selectFrom('order_line').select(['id', 'amount', 'tax_rate']).where('sub_order_id', '=', subOrderId).orderBy('id').execute();
  // the delivery fee rides with the largest line's rate (invoices/match.ts deliveryBucket)
  const buckets = new Map<string, number>();
  let largest = lines[0];
  for (const l of lines) {
    buckets.set(l.tax_rate, (buckets.get(l.tax_rate) ?? 0) + Number(l.amount));
    if (Number(l.amount) > Number(largest.amount)) largest = l;
  }
  if (Number(sub.delivery_fee)) buckets.set(largest?.tax_rate ?? '13', (buckets.get(largest?.tax_rate ?? '13') ?? 0) + Number(sub.delivery_fee));
  const total = [...buckets.values()].reduce((a, b) => a + b, 0);
  const excl = Math.round((total * 100) / 113);
  const t = now();
  const uploader = await db.selectFrom('app_user').select('id').where('supplier_id', '=', sub.supplier_id).orderBy('id').executeTakeFirstOrThrow();
  const { id } = await db
    .insertInto('invoice')
    .values({
      supplier_id: sub.supplier_id,
      institute_id: sub.institute_id as number,
      kind: 'digital_normal',
      code: null,
      number: digitalNumber(),
      issue_date: t.slice(0, 10),
      seller_name: '国药集团化学试剂有限公司',
      seller_tax_id: '91310000132211111X',
      buyer_name: '中国科学院化学研究所',
      buyer_tax_id: exception ? '12100000400012345X' : '121000004000123456',
      excl_amount: excl,
      tax_amount: total - excl,
      total_amount: total,
      status: exception ? 'exception' : 'matched',
      exception,
      exception_accepted_by: accepted?.by ?? null,
      exception_accepted_reason: accepted?.reason ?? null,
      exception_accepted_at: accepted ? t : null,
      blue_invoice_id: null,
      file_id: null,
      remark: null,
      uploaded_by: uploader.id,
      created_at: t,
      updated_at: t,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [rate, amount] of buckets)
    await db
      .insertInto('invoice_allocation')
      .values({ invoice_id: id, sub_order_id: subOrderId, order_line_id: null, tax_rate: rate, amount, created_at: t })
      .execute();
  return id;
}

/** An invoice billing each rate bucket of the sub-order exactly: matchOf says matched. */
export const billExactly = (db: Kysely<DB>, subOrderId: number) => bill(db, subOrderId, null);

/** The same with the wrong buyer tax id: an exception, until finance accepts it (`accepted`). */
export const billWithException = (db: Kysely<DB>, subOrderId: number, accepted?: { by: number; reason: string }) =>
  bill(db, subOrderId, '购方税号与本单位不一致', accepted);
