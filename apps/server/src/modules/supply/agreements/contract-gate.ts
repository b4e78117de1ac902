import { type RawBuilder, sql } from 'kysely';
import type { Executor } from '../../../platform/db/executor.ts';
import { shanghaiToday } from './contract-states.ts';

/**
 * The contract gate (issue 10 §3): a supplier is visible to and sells to an institute's buyers only
 * while a contract between them is in force (status 1, docs/domains/supply.md#contract-gate, and today within its dates).
 * Read at query time, so it never depends on the daily expiry job having run. Without an institute
 * (anonymous visitors, the platform's own staff, suppliers browsing the mall) a supplier shows when
 * it holds at least one contract in force with any institute.
 */
export function contractedSql(supplierIdRef: string, instituteId: number | null, today = shanghaiToday()): RawBuilder<boolean> {
  const institute = instituteId === null ? sql`` : sql` and sc.institute_id = ${instituteId}`;
  return sql<boolean>`exists (select 1 from supplier_contract sc where sc.supplier_id = ${sql.ref(supplierIdRef)} and sc.status = 1 and sc.start_date <= ${today} and sc.end_date >= ${today}${institute})`;
}

/** Of these suppliers, the ones that may sell to the institute today (see contractedSql). */
export async function contractedSuppliers(db: Executor, instituteId: number | null, supplierIds: number[], today = shanghaiToday()): Promise<Set<number>> {
  if (supplierIds.length === 0) return new Set();
  let q = db
    .selectFrom('supplier_contract')
    .select('supplier_id')
    .distinct()
    .where('supplier_id', 'in', [...new Set(supplierIds)])
    .where('status', '=', 1)
    .where('start_date', '<=', today)
    .where('end_date', '>=', today);
  if (instituteId !== null) q = q.where('institute_id', '=', instituteId);
  return new Set((await q.execute()).map((r) => r.supplier_id));
}

/** The refusal a buyer sees for a supplier without a contract in force with their institute. */
export const noContractMessage = (supplierName: string) => `${supplierName} 与本单位的供货合同未生效或已到期，暂不能购买其商品`;
