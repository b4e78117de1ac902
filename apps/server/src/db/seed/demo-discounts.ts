import type { Transaction } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import { inDays } from './seed-dates.ts';

/**
 * 协议价 of the demo: 麦克林 gives 上海药物所 九五折 on everything for the contract year, and its
 * 药物化学研究室 (the department that buys most) 九二折. Only 麦克林 × 上海药物所, so the other
 * demo prices stay the list prices the walkthroughs and browser tests read.
 */
export async function seedDemoDiscounts(trx: Transaction<DB>) {
  const supplier = await trx.selectFrom('supplier').select('id').where('company_name', 'like', '%麦克林%').executeTakeFirst();
  const institute = await trx.selectFrom('institute').select('id').where('code', '=', 'SIMM').executeTakeFirst();
  if (!supplier || !institute) return;
  const main = await trx
    .selectFrom('app_user')
    .select('id')
    .where('supplier_id', '=', supplier.id)
    .where('parent_user_id', 'is', null)
    .executeTakeFirstOrThrow();
  const dept = await trx.selectFrom('dept').select('id').where('institute_id', '=', institute.id).where('name', '=', '药物化学研究室').executeTakeFirst();
  const now = new Date().toISOString();
  const base = {
    supplier_id: supplier.id,
    institute_id: institute.id,
    item_id: null,
    price: null,
    valid_from: inDays(-30),
    valid_to: inDays(335),
    created_by: main.id,
    created_at: now,
    updated_at: now,
  };
  await trx
    .insertInto('dept_discount')
    .values([
      { ...base, dept_id: null, rate: 950, note: '2026 年度框架协议：全所九五折' },
      ...(dept ? [{ ...base, dept_id: dept.id, rate: 920, note: '药物化学研究室年度采购量协议：九二折' }] : []),
    ])
    .execute();
}
