import { type ExpressionBuilder, type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { DB } from '../../../platform/db/schema.ts';
import { nextDay, nextMonthStart, rerollDays, rolledThrough } from './spend-rollup.repository.ts';
import type { StatFilter } from './statistics-scope.ts';

/** Days [from, to) in Asia/Shanghai. */
export interface DayRange {
  from: string;
  to: string;
}
/**
 * The grouping columns a read asks of its sources, the sums always follow (each part of a UNION ALL
 * selects the same columns in the same order, and only those a read needs). spend_monthly has no
 * item, so `goods` (1 for an order line, 0 for a delivery fee) stands for "item_id is not null" in
 * all three; a read asking for item_id skips the monthly rollup.
 */
type Dim = 'month' | 'supplier_id' | 'brand_id' | 'category_id' | 'goods' | 'item_id';
const MEASURES = ['amount', 'quantity', 'lines', 'orders'] as const;
const goodsOf = sql<number>`case when item_id is null then 0 else 1 end`;
type DaySrc = 'spend_daily' | 'spend_fact';

const num = (v: unknown) => Number(v ?? 0);
const totalsOf = (r: { amount?: unknown; orders?: unknown; lines?: unknown; quantity?: unknown } | undefined) => ({
  amount: num(r?.amount),
  orders: num(r?.orders),
  lines: num(r?.lines),
  quantity: num(r?.quantity),
});
export type Totals = ReturnType<typeof totalsOf>;
const sums = (eb: ExpressionBuilder<any, any>) => [
  eb.fn.sum<number>('amount').as('amount'),
  eb.fn.sum<number>('orders').as('orders'),
  eb.fn.sum<number>('lines').as('lines'),
  eb.fn.sum<number>('quantity').as('quantity'),
];
const addTotals = (a: Totals, b: Totals): Totals => ({
  amount: a.amount + b.amount,
  orders: a.orders + b.orders,
  lines: a.lines + b.lines,
  quantity: a.quantity + b.quantity,
});
export const ZERO: Totals = { amount: 0, orders: 0, lines: 0, quantity: 0 };

/** The scope filter on a fact or rollup row (the same columns in all three). */
function scoped<Q extends SelectQueryBuilder<any, any, any>>(q: Q, f: StatFilter, prefix = ''): Q {
  const c = (n: string) => `${prefix}${n}` as any;
  if (f.userId !== undefined) return q.where(c('user_id'), '=', f.userId) as Q;
  if (f.teamIds) return q.where(c('team_id'), 'in', f.teamIds) as Q;
  if (f.collegeId !== undefined) return q.where(c('college_id'), '=', f.collegeId) as Q;
  if (f.instituteId !== undefined) return q.where(c('institute_id'), '=', f.instituteId) as Q;
  return q;
}

const monthStart = (day: string) => `${day.slice(0, 7)}-01`;

/**
 * Reads for the dashboards, from three sources of the same sums, as one UNION ALL with the scope and
 * the range pushed into every part so each uses its (scope, month|day) index:
 *  - whole months up to the last rolled-up day from spend_monthly (no person, no item: a person's
 *    own statistics and the item ranking skip it);
 *  - the other days up to that day from spend_daily (the current month so far);
 *  - the later days (today, or anything since the last rollup) from the facts.
 * The daily rollup recomputes a day's month with the day, so the three never disagree.
 */
export class StatisticsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Recomputes the given days where they are already rolled up (spend-rollup.repository.ts). */
  rerollDays(days: string[]) {
    return rerollDays(this.db, days);
  }

  private async source(f: StatFilter, r: DayRange, dims: Dim[]) {
    const mark = await rolledThrough(this.db);
    const dayPart = (t: DaySrc, from: string, to: string) =>
      scoped(
        this.db
          .selectFrom(t)
          .select(dims.map((d) => (d === 'goods' ? goodsOf.as('goods') : d)))
          .select([...MEASURES])
          .where('day', '>=', from)
          .where('day', '<', to),
        f,
      ) as SelectQueryBuilder<any, any, any>;
    // days < split are in spend_daily; whole months before split's month are in spend_monthly
    const split = mark ? nextDay(mark) : null;
    const parts: SelectQueryBuilder<any, any, any>[] = [];
    const days = (from: string, to: string) => {
      if (from >= to) return;
      if (!split || split <= from) parts.push(dayPart('spend_fact', from, to));
      else if (split >= to) parts.push(dayPart('spend_daily', from, to));
      else parts.push(dayPart('spend_daily', from, split), dayPart('spend_fact', split, to));
    };
    const monthly = split !== null && !dims.includes('item_id') && f.userId === undefined;
    // the months of the range that lie wholly within it and wholly before `split`
    const mFrom = r.from.endsWith('-01') ? r.from : nextMonthStart(r.from.slice(0, 7));
    const mTo = split ? [monthStart(split), monthStart(r.to)].sort()[0] : mFrom;
    if (monthly && mFrom < mTo) {
      days(r.from, mFrom);
      parts.push(
        scoped(
          this.db
            .selectFrom('spend_monthly')
            .select(dims as Exclude<Dim, 'item_id'>[])
            .select([...MEASURES])
            .where('month', '>=', mFrom.slice(0, 7))
            .where('month', '<', mTo.slice(0, 7)),
          f,
        ) as SelectQueryBuilder<any, any, any>,
      );
      days(mTo, r.to);
    } else days(r.from, r.to);
    if (parts.length === 0) parts.push(dayPart('spend_fact', r.from, r.from));
    return parts.slice(1).reduce((q, p) => q.unionAll(p), parts[0]);
  }

  private async from(f: StatFilter, r: DayRange, dims: Dim[]) {
    return this.db.selectFrom((await this.source(f, r, dims)).as('f') as any) as unknown as SelectQueryBuilder<any, 'f', object>;
  }

  /** Suppliers with any spend in the range. */
  async supplierCount(f: StatFilter, r: DayRange) {
    const q = await this.from(f, r, ['supplier_id']);
    const row = await q.select((eb) => eb.fn.count<number>('supplier_id').distinct().as('n')).executeTakeFirst();
    return num((row as any)?.n);
  }

  /** Sums by leaf category, fees (goods = 0) apart: folded together they are the range's totals. */
  async byCategory(f: StatFilter, r: DayRange) {
    const q = await this.from(f, r, ['category_id', 'goods']);
    const rows = await q
      .select((eb) => ['category_id', 'goods', ...sums(eb)])
      .groupBy(['category_id', 'goods'])
      .execute();
    return rows.map((x: any) => ({ categoryId: x.category_id as number | null, fee: num(x.goods) === 0, ...totalsOf(x) }));
  }

  async byMonth(f: StatFilter, r: DayRange) {
    const q = await this.from(f, r, ['month']);
    const rows = await q
      .select((eb) => ['month', ...sums(eb)])
      .groupBy('month')
      .execute();
    return rows.map((x: any) => ({ month: x.month as string, ...totalsOf(x) }));
  }

  /**
   * Every group of suppliers or brands (fees left out of brands), largest first (ties by id, no
   * brand last), and their sum: one read answers the ranking and its total. An institute's suppliers
   * and brands are hundreds, read from the monthly rollup.
   */
  async ranked(f: StatFilter, r: DayRange, dim: 'supplier_id' | 'brand_id') {
    let q = await this.from(f, r, dim === 'brand_id' ? ['brand_id', 'goods'] : ['supplier_id']);
    if (dim === 'brand_id') q = q.where('goods', '=', 1);
    const rows = (
      await q
        .select((eb) => [sql.ref(dim).as('id'), ...sums(eb)])
        .groupBy(dim)
        .execute()
    ).map((x: any) => ({ id: x.id === null ? null : num(x.id), ...totalsOf(x) }));
    rows.sort((a, b) => b.amount - a.amount || (a.id ?? Number.MAX_SAFE_INTEGER) - (b.id ?? Number.MAX_SAFE_INTEGER));
    return { rows, total: rows.reduce((t, x) => addTotals(t, x), ZERO) };
  }

  /** The largest items (daily rows and facts: the monthly rollup has no item). */
  async topItems(f: StatFilter, r: DayRange, top: number) {
    const q = (await this.from(f, r, ['item_id'])).where('item_id', 'is not', null);
    const rows = await q
      .select((eb) => [sql.ref('item_id').as('id'), ...sums(eb)])
      .groupBy('item_id')
      .orderBy(sql`sum(amount)`, 'desc')
      .orderBy('item_id')
      .limit(top)
      .execute();
    return rows.map((x: any) => ({ id: x.id === null ? null : num(x.id), ...totalsOf(x) }));
  }

  async goodsTotals(f: StatFilter, r: DayRange) {
    const q = await this.from(f, r, ['goods']);
    return totalsOf((await q.select(sums).where('goods', '=', 1).executeTakeFirst()) as any);
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
