import type { Transaction } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import { inDays } from './seed-dates.ts';

/**
 * Every demo supplier holds a signed framework agreement with every demo institute, so each buyer
 * can order from each supplier (the contract gate). Dates are relative to the seeding day; 麦克林's
 * agreement with 上海药物所 ends in 20 days, so the renewal reminder and 即将到期 show in the demo.
 */
export async function seedDemoContracts(trx: Transaction<DB>, adminId: number) {
  const sup = await trx.selectFrom('supplier').select(['id', 'company_name']).orderBy('id').execute();
  const insts = await trx.selectFrom('institute').select(['id', 'code']).orderBy('id').execute();
  const year = Number(inDays(0).slice(0, 4));
  // the agreement's years as its dates span them: 2026—2027年度…
  const titleOf = (start: string, end: string) =>
    start.slice(0, 4) === end.slice(0, 4) ? `${start.slice(0, 4)}年度试剂耗材供货框架协议` : `${start.slice(0, 4)}—${end.slice(0, 4)}年度试剂耗材供货框架协议`;
  const now = new Date().toISOString();
  const rows = [];
  for (const [si, s] of sup.entries()) {
    const mainUser = await trx
      .selectFrom('app_user')
      .select('id')
      .where('supplier_id', '=', s.id)
      .where('parent_user_id', 'is', null)
      .orderBy('id')
      .executeTakeFirst();
    for (const inst of insts) {
      const expiring = s.company_name.includes('麦克林') && inst.code === 'SIMM';
      const start = inDays(expiring ? -345 : -120);
      const end = inDays(expiring ? 20 : 245);
      rows.push({
        supplier_id: s.id,
        institute_id: inst.id,
        contract_no: `KC-${inst.code}-${year}-${String(si + 1).padStart(3, '0')}`,
        title: titleOf(start, end),
        start_date: start,
        end_date: end,
        file_id: null,
        status: 1,
        original_id: null,
        version: 1,
        renew_status: expiring ? 1 : 0,
        refuse_reason: null,
        terminate_reason: null,
        terminated_at: null,
        signed_by: adminId,
        signed_at: now,
        created_by: mainUser?.id ?? adminId,
        created_at: now,
        updated_at: now,
      });
    }
  }
  if (rows.length) await trx.insertInto('supplier_contract').values(rows).execute();
}
