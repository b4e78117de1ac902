import type { HazardFlags } from '@kc/contracts/platform/hazard';
import { neededQualifications, QUALIFICATION_STATUS, QUALIFICATION_TYPES, shanghaiDate } from '@kc/contracts/supply/qualifications';
import { type ExpressionBuilder, type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../../platform/db/schema.ts';

/**
 * The qualification gate: an item whose hazard flags need a qualification type (危险化学品经营许可证
 * for 危险化学品/剧毒/易制爆, the 易制毒 备案 for 易制毒 …) is sold only while its supplier holds an
 * approved qualification of that type valid today. Dates are compared at read time, so nothing
 * waits for a job; orders already placed are not touched. Two forms of one rule: a SQL condition for
 * search, and per-item reasons for the cart and order placement.
 */

const GATED = QUALIFICATION_TYPES.filter((t) => t.neededBy.length > 0);

/** SQL condition on `item`: it lacks none of the qualifications its flags need (catalog search). */
export function hasNeededQualifications(today: string = shanghaiDate()) {
  return (eb: ExpressionBuilder<DB, 'item'>) =>
    eb.and(
      GATED.map((t) =>
        eb.or([
          eb.and(t.neededBy.map((f) => eb(`item.${f}`, '=', 0))),
          eb.exists(
            eb
              .selectFrom('qualification as q')
              .select(sql.lit(1).as('one'))
              .whereRef('q.supplier_id', '=', 'item.supplier_id')
              .where('q.type_code', '=', t.code)
              .where('q.status', '=', QUALIFICATION_STATUS.APPROVED)
              .where('q.valid_from', '<=', today)
              .where((w) => w.or([w('q.valid_to', 'is', null), w('q.valid_to', '>=', today)])),
          ),
        ]),
      ),
    );
}

export type GatedItem = HazardFlags & { id: number; supplier_id: number };

/**
 * Why each of these items cannot be bought today for want of a qualification, in Chinese, by item
 * id; items not in the answer are fine. One query, and none when no item needs a qualification.
 */
export async function qualificationProblems(
  db: Kysely<DB> | Transaction<DB>,
  items: GatedItem[],
  today: string = shanghaiDate(),
): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  const needing = items.filter((i) => neededQualifications(i).length > 0);
  if (needing.length === 0) return out;
  const held = await db
    .selectFrom('qualification')
    .select(['supplier_id', 'type_code', 'valid_from', 'valid_to'])
    .where('supplier_id', 'in', [...new Set(needing.map((i) => i.supplier_id))])
    .where('status', '=', QUALIFICATION_STATUS.APPROVED)
    .execute();
  for (const item of needing) {
    for (const t of neededQualifications(item)) {
      const mine = held.filter((q) => q.supplier_id === item.supplier_id && q.type_code === t.code);
      if (mine.some((q) => q.valid_from <= today && (q.valid_to === null || q.valid_to >= today))) continue;
      const why = mine.some((q) => q.valid_to !== null && q.valid_to < today)
        ? `供应商的${t.name}已过期，该商品暂不能购买`
        : mine.length > 0
          ? `供应商的${t.name}尚未生效，该商品暂不能购买`
          : `供应商尚无经审核的${t.name}，该商品暂不能购买`;
      out.set(item.id, why);
      break;
    }
  }
  return out;
}
