import { type ExpressionBuilder, type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import { nextDay, rolledThrough } from './spend-rollup.ts';
import type { StatFilter } from './statistics-scope.ts';

type Db = Kysely<DB>;
/** Days [from, to) in Asia/Shanghai. */
export interface DayRange {
  from: string;
  to: string;
}
/** The columns spend_daily and spend_fact share, which the dashboards read. */
const COLS = ['month', 'supplier_id', 'item_id', 'brand_id', 'category_id', 'amount', 'quantity', 'lines', 'orders'] as const;
type Src = 'spend_daily' | 'spend_fact';

const num = (v: unknown) => Number(v ?? 0);
const totalsOf = (r: { amount?: unknown; orders?: unknown; lines?: unknown; quantity?: unknown } | undefined) => ({
  amount: num(r?.amount),
  orders: num(r?.orders),
  lines: num(r?.lines),
  quantity: num(r?.quantity),
});
const sums = (eb: ExpressionBuilder<any, any>) => [
  eb.fn.sum<number>('amount').as('amount'),
  eb.fn.sum<number>('orders').as('orders'),
  eb.fn.sum<number>('lines').as('lines'),
  eb.fn.sum<number>('quantity').as('quantity'),
];

/** The scope filter on a fact or rollup row (the same columns in both). */
function scoped<Q extends SelectQueryBuilder<any, any, any>>(q: Q, f: StatFilter, prefix = ''): Q {
  const c = (n: string) => `${prefix}${n}` as any;
  if (f.userId !== undefined) return q.where(c('user_id'), '=', f.userId) as Q;
  if (f.teamIds) return q.where(c('team_id'), 'in', f.teamIds) as Q;
  if (f.collegeId !== undefined) return q.where(c('college_id'), '=', f.collegeId) as Q;
  if (f.instituteId !== undefined) return q.where(c('institute_id'), '=', f.instituteId) as Q;
  return q;
}

/**
 * Reads for the dashboards. Each read takes the days spend_daily holds completely from it, and the
 * later days (today, or anything since the last rollup) from the facts, as one UNION ALL with the
 * scope and the day range pushed into both halves so each uses its (scope, day) index.
 */
export class StatisticsRepository {
  constructor(readonly db: Db) {}

  private async source(f: StatFilter, r: DayRange) {
    const mark = await rolledThrough(this.db);
    const half = (t: Src, from: string, to: string) =>
      scoped(
        this.db
          .selectFrom(t)
          .select([...COLS])
          .where('day', '>=', from)
          .where('day', '<', to),
        f,
      );
    // days ≤ mark from the rollup, days > mark from the facts; one half alone when the range lies on one side
    const split = mark ? nextDay(mark) : null;
    if (!split || split <= r.from) return half('spend_fact', r.from, r.to);
    if (split >= r.to) return half('spend_daily', r.from, r.to);
    return half('spend_daily', r.from, split).unionAll(half('spend_fact', split, r.to) as any);
  }

  private async from(f: StatFilter, r: DayRange) {
    return this.db.selectFrom((await this.source(f, r)).as('f') as any) as unknown as SelectQueryBuilder<any, 'f', object>;
  }

  async totals(f: StatFilter, r: DayRange) {
    const q = await this.from(f, r);
    const row = await q.select((eb) => [...sums(eb), eb.fn.count<number>('supplier_id').distinct().as('suppliers')]).executeTakeFirst();
    return { ...totalsOf(row as any), suppliers: num((row as any)?.suppliers) };
  }

  /** Sums by leaf category; the delivery fees (no item) come back as fee = 1. */
  async byCategory(f: StatFilter, r: DayRange) {
    const fee = sql<number>`case when item_id is null then 1 else 0 end`;
    const q = await this.from(f, r);
    const rows = await q
      .select((eb) => ['category_id', fee.as('fee'), eb.fn.sum<number>('amount').as('amount'), eb.fn.sum<number>('lines').as('lines')])
      .groupBy(['category_id', fee])
      .execute();
    return rows.map((x: any) => ({ categoryId: x.category_id as number | null, fee: num(x.fee) === 1, amount: num(x.amount), lines: num(x.lines) }));
  }

  async byMonth(f: StatFilter, r: DayRange) {
    const q = await this.from(f, r);
    const rows = await q
      .select((eb) => ['month', ...sums(eb)])
      .groupBy('month')
      .execute();
    return rows.map((x: any) => ({ month: x.month as string, ...totalsOf(x) }));
  }

  /** The largest groups of one dimension (fees left out of items and brands). */
  async top(f: StatFilter, r: DayRange, dim: 'supplier_id' | 'item_id' | 'brand_id', top: number) {
    let q = await this.from(f, r);
    if (dim !== 'supplier_id') q = q.where('item_id', 'is not', null);
    const rows = await q
      .select((eb) => [sql.ref(dim).as('id'), ...sums(eb)])
      .groupBy(dim)
      .orderBy(sql`sum(amount)`, 'desc')
      .orderBy(dim)
      .limit(top)
      .execute();
    return rows.map((x: any) => ({ id: x.id === null ? null : num(x.id), ...totalsOf(x) }));
  }

  async goodsTotals(f: StatFilter, r: DayRange) {
    const q = await this.from(f, r);
    return totalsOf((await q.select(sums).where('item_id', 'is not', null).executeTakeFirst()) as any);
  }

  supplierNames(ids: number[]) {
    return ids.length ? this.db.selectFrom('supplier').select(['id', 'company_name as name']).where('id', 'in', ids).execute() : Promise.resolve([]);
  }

  itemNames(ids: number[]) {
    return ids.length
      ? this.db
          .selectFrom('item as i')
          .leftJoin('brand as b', 'b.id', 'i.brand_id')
          .select(['i.id', 'i.name', 'i.spec', 'b.name as brand'])
          .where('i.id', 'in', ids)
          .execute()
      : Promise.resolve([]);
  }

  brandNames(ids: number[]) {
    return ids.length ? this.db.selectFrom('brand').select(['id', 'name', 'name_en']).where('id', 'in', ids).execute() : Promise.resolve([]);
  }

  /** Every category with its path, to fold leaf categories into their top level. */
  categories() {
    return this.db.selectFrom('category').select(['id', 'name', 'path', 'parent_id']).execute();
  }

  // ── drill-down to the facts' order lines ────────────────────────────────
  private lineQuery(f: StatFilter, r: DayRange, by: { supplierId?: number; itemId?: number; brandId?: number }) {
    let q = scoped(this.db.selectFrom('spend_fact as f').where('f.day', '>=', r.from).where('f.day', '<', r.to), f, 'f.');
    if (by.supplierId !== undefined) q = q.where('f.supplier_id', '=', by.supplierId);
    if (by.itemId !== undefined) q = q.where('f.item_id', '=', by.itemId);
    if (by.brandId !== undefined) q = q.where('f.brand_id', '=', by.brandId);
    // the drill-down lists goods lines and, unless one item or brand is asked for, the fees
    if (by.itemId !== undefined || by.brandId !== undefined) q = q.where('f.order_line_id', 'is not', null);
    // a sub-order with no delivery fee has a zero fee fact: nothing to show
    return q.where((eb) => eb.or([eb('f.order_line_id', 'is not', null), eb('f.amount', '!=', 0)]));
  }

  async lineTotals(f: StatFilter, r: DayRange, by: Parameters<StatisticsRepository['lineQuery']>[2]) {
    const row = await this.lineQuery(f, r, by)
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('f.amount').as('amount')])
      .executeTakeFirst();
    return { total: num(row?.n), amount: num(row?.amount) };
  }

  lines(f: StatFilter, r: DayRange, by: Parameters<StatisticsRepository['lineQuery']>[2], page: { offset: number; limit: number }) {
    return this.lineQuery(f, r, by)
      .innerJoin('purchase_order as po', 'po.id', 'f.order_id')
      .innerJoin('sub_order as s', 's.id', 'f.sub_order_id')
      .innerJoin('supplier as sp', 'sp.id', 'f.supplier_id')
      .innerJoin('app_user as u', 'u.id', 'f.user_id')
      .leftJoin('team as tm', 'tm.id', 'f.team_id')
      .leftJoin('order_line as l', 'l.id', 'f.order_line_id')
      .leftJoin('brand as b', 'b.id', 'f.brand_id')
      .select([
        'f.id',
        'f.kind',
        'f.day',
        'f.order_id',
        'po.order_no',
        'f.sub_order_id',
        's.sub_no',
        'f.order_line_id',
        'l.name',
        'l.spec',
        'l.brand as line_brand',
        'b.name as brand_name',
        'sp.company_name',
        'u.real_name',
        'u.user_name',
        'tm.name as team_name',
        'f.quantity',
        'f.amount',
      ])
      .orderBy('f.day', 'desc')
      .orderBy('f.id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute();
  }
}
