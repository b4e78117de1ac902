import type { SelectQueryBuilder } from 'kysely';

/**
 * One page of a filtered list and the list's total, in parallel: the same query with its limit and
 * offset, and with its selection replaced by count(*). `order` puts the page in order; the count
 * runs without it (PostgreSQL refuses ORDER BY beside an ungrouped aggregate).
 */
export async function pageWithTotal<DB, TB extends keyof DB, O>(
  q: SelectQueryBuilder<DB, TB, O>,
  order: (q: SelectQueryBuilder<DB, TB, O>) => SelectQueryBuilder<DB, TB, O>,
  current: number,
  size: number,
): Promise<{ rows: O[]; total: number }> {
  const [rows, count] = await Promise.all([
    order(q)
      .limit(size)
      .offset((current - 1) * size)
      .execute(),
    q
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number((count as { n: number | string }).n) };
}
