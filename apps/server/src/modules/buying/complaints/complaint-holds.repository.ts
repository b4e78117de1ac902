import type { Executor } from '../../../platform/db/executor.ts';
import { COMPLAINT_OPEN } from './complaint-states.ts';

/**
 * The complaint hold (issue 14 §5): while a complaint on a sub-order is open (受理前 or 处理中), the
 * sub-order's settlement and payment are on hold; when the platform resolves or rejects it, the hold
 * lifts by itself. Nothing is stored: the open complaint is the hold, so it can never outlive it.
 */

/** The ids of sub-orders on hold, as a subquery other modules put into their own queries. */
export const heldSubOrderIds = (db: Executor) =>
  db
    .selectFrom('complaint as hc')
    .select('hc.sub_order_id')
    .where('hc.status', 'in', COMPLAINT_OPEN)
    .where('hc.sub_order_id', 'is not', null)
    .$narrowType<{ sub_order_id: number }>();

/** Which of these sub-orders are on hold. */
export async function heldAmong(db: Executor, subOrderIds: readonly number[]): Promise<Set<number>> {
  const ids = [...new Set(subOrderIds)];
  if (ids.length === 0) return new Set();
  const rows = await heldSubOrderIds(db).where('hc.sub_order_id', 'in', ids).distinct().execute();
  return new Set(rows.map((r) => r.sub_order_id));
}
