import type {
  StatAllVO,
  StatLevel,
  StatLinePage,
  StatLinesQuery,
  StatLineVO,
  StatMonthVO,
  StatQuery,
  StatRankVO,
  StatScopesVO,
} from '@kc/contracts/ledgers/statistics';
import { STAT_LEVEL_TEXT } from '@kc/contracts/ledgers/statistics';
import { shanghaiDate } from '@kc/contracts/platform/common';
import type { Transaction } from 'kysely';
import { type Caller, Perm, pageFlagKey, scopeCovers } from '../../../platform/auth/access.ts';
import type { DB } from '../../../platform/db/schema.ts';
import { writeWorkbook } from '../../../platform/documents/index.ts';
import { fail } from '../../../platform/http/errors.ts';
import { SpendRecorder } from './spend-recorder.ts';
import { type DayRange, type StatisticsRepository, ZERO } from './statistics.repository.ts';
import type { StatScopeRepository } from './statistics-scope.repository.ts';
import { levelsFor, ownCollege, resolveScope } from './statistics-scope.ts';

/** The most lines one Excel export writes (a wider drill-down is narrowed first). */
export const EXPORT_MAX_LINES = 50_000;
const MAX_MONTHS = 36;

const addMonths = (month: string, n: number) => {
  const [y, m] = month.split('-').map(Number);
  const d = new Date(Date.UTC(y, m - 1 + n, 1));
  return d.toISOString().slice(0, 7);
};

/** The months asked for (default: the last 12, this one included) as a day range, with the months in order. */
export function monthRange(q: { startMonth?: string; endMonth?: string; month?: string }, today = shanghaiDate()) {
  const end = q.month ?? q.endMonth ?? today.slice(0, 7);
  const start = q.month ?? q.startMonth ?? addMonths(end, -11);
  if (start > end) fail('BAD_REQUEST', '开始月份不能晚于结束月份');
  const months: string[] = [];
  for (let m = start; m <= end; m = addMonths(m, 1)) {
    months.push(m);
    if (months.length > MAX_MONTHS) fail('BAD_REQUEST', `统计区间最长 ${MAX_MONTHS} 个月`);
  }
  const range: DayRange = { from: `${start}-01`, to: `${addMonths(end, 1)}-01` };
  return { start, end, months, range };
}

/** 统计分析: the dashboards' figures, the drill-down to order lines and its Excel, for the caller's own scope. */
export class StatisticsService {
  constructor(
    private readonly repo: StatisticsRepository,
    private readonly scopeRepo: StatScopeRepository,
  ) {}

  /**
   * The spend facts of a use case of another module, in that use case's transaction (orders at
   * acceptance, refunds, the historical import): `statistics.within(trx).recordAcceptance(…)`.
   */
  within(trx: Transaction<DB>): SpendRecorder {
    return new SpendRecorder(trx);
  }

  /** Recomputes the given days where they are already rolled up (after an import added facts to them). */
  rerollDays(days: string[]) {
    return this.repo.rerollDays(days);
  }

  private scope(c: Caller, level: StatLevel, q: Pick<StatQuery, 'teamId' | 'collegeId' | 'instituteId'>) {
    return resolveScope(this.scopeRepo, c, level, q);
  }

  async scopes(c: Caller): Promise<StatScopesVO> {
    const levels = await levelsFor(this.scopeRepo, c);
    const wide = scopeCovers(c.dataScope, 'institute');
    const all = c.dataScope === 'all';
    const teams =
      wide && c.instituteId !== null && !all
        ? await this.scopeRepo.teams(c.instituteId)
        : all
          ? await this.scopeRepo.teams(null)
          : (await this.scopeRepo.ledTeams(c.userId)).map(({ id, name }) => ({ id, name }));
    const own = ownCollege(c);
    let colleges: { id: number; name: string }[] = [];
    if (levels.includes('college') && c.instituteId !== null) {
      colleges = await this.scopeRepo.collegesOf(c.instituteId);
      if (!wide) colleges = colleges.filter((x) => x.id === own);
    }
    const institutes = all ? await this.scopeRepo.institutes(null) : wide && c.instituteId !== null ? await this.scopeRepo.institutes(c.instituteId) : [];
    return {
      levels,
      teams,
      colleges,
      institutes,
      collegeId: own,
      canExport: c.pageFlags.has(pageFlagKey(Perm.STATISTICS_VIEW, 'export')),
    };
  }

  async all(c: Caller, level: StatLevel, q: StatQuery): Promise<StatAllVO> {
    const f = await this.scope(c, level, q);
    const { start, end, range } = monthRange(q);
    // one grouped read gives the shares and, folded, the totals; the supplier count is its own
    const [cats, suppliers, categories] = await Promise.all([this.repo.byCategory(f, range), this.repo.supplierCount(f, range), this.repo.categories()]);
    // leaf categories fold into their top level (the path's first id)
    const byId = new Map(categories.map((x) => [x.id, x]));
    const topOf = (id: number | null) => {
      const leaf = id === null ? undefined : byId.get(id);
      const topId = leaf ? Number(leaf.path.split('/').filter(Boolean)[0] ?? leaf.id) : null;
      return topId !== null && byId.has(topId) ? (byId.get(topId) as { id: number; name: string }) : leaf;
    };
    const t = { ...ZERO };
    const shares = new Map<string, { categoryId: number | null; name: string; amount: number; lines: number }>();
    for (const x of cats) {
      t.amount += x.amount;
      t.orders += x.orders;
      t.lines += x.lines;
      t.quantity += x.quantity;
      const top = x.fee ? null : topOf(x.categoryId);
      const key = x.fee ? 'fee' : top ? String(top.id) : 'none';
      const name = x.fee ? '运费' : top ? top.name : '未分类';
      const s = shares.get(key) ?? { categoryId: x.fee ? null : (top?.id ?? null), name, amount: 0, lines: 0 };
      s.amount += x.amount;
      s.lines += x.lines;
      shares.set(key, s);
    }
    return {
      startMonth: start,
      endMonth: end,
      scopeName: `${STAT_LEVEL_TEXT[level]}：${f.name}`,
      totals: t,
      categories: [...shares.values()].filter((s) => s.amount !== 0 || s.lines !== 0).sort((a, b) => b.amount - a.amount),
      suppliers,
    };
  }

  async month(c: Caller, level: StatLevel, q: StatQuery): Promise<StatMonthVO> {
    const f = await this.scope(c, level, q);
    const { start, end, months, range } = monthRange(q);
    const got = new Map((await this.repo.byMonth(f, range)).map((m) => [m.month, m]));
    return {
      startMonth: start,
      endMonth: end,
      months: months.map((m) => got.get(m) ?? { month: m, amount: 0, orders: 0, lines: 0, quantity: 0 }),
    };
  }

  async company(c: Caller, level: StatLevel, q: StatQuery): Promise<StatRankVO> {
    const f = await this.scope(c, level, q);
    const { range } = monthRange(q);
    // every supplier's sum in one read: the top ones and, added up, the total
    const { rows: all, total } = await this.repo.ranked(f, range, 'supplier_id');
    const rows = all.slice(0, q.top);
    const names = new Map((await this.repo.supplierNames(rows.map((r) => r.id as number))).map((s) => [s.id, s.name]));
    return { total, rows: rows.map((r) => ({ ...r, name: names.get(r.id as number) ?? `供应商 ${r.id}`, extra: null })) };
  }

  async item(c: Caller, level: StatLevel, q: StatQuery): Promise<StatRankVO> {
    const f = await this.scope(c, level, q);
    const { range } = monthRange(q);
    const [rows, total] = await Promise.all([this.repo.topItems(f, range, q.top), this.repo.goodsTotals(f, range)]);
    const items = new Map((await this.repo.itemNames(rows.flatMap((r) => (r.id === null ? [] : [r.id])))).map((i) => [i.id, i]));
    return {
      total,
      rows: rows.map((r) => {
        const i = r.id === null ? undefined : items.get(r.id);
        return { ...r, name: i ? `${i.name} ${i.spec}`.trim() : `商品 ${r.id}`, extra: i?.brand ?? null };
      }),
    };
  }

  async brand(c: Caller, level: StatLevel, q: StatQuery): Promise<StatRankVO> {
    const f = await this.scope(c, level, q);
    const { range } = monthRange(q);
    const { rows: all, total } = await this.repo.ranked(f, range, 'brand_id');
    const rows = all.slice(0, q.top);
    const brands = new Map((await this.repo.brandNames(rows.flatMap((r) => (r.id === null ? [] : [r.id])))).map((b) => [b.id, b]));
    return {
      total,
      rows: rows.map((r) => {
        const b = r.id === null ? undefined : brands.get(r.id);
        return { ...r, name: b?.name ?? '未标品牌', extra: b?.name_en ?? null };
      }),
    };
  }

  async lines(c: Caller, level: StatLevel, q: StatLinesQuery): Promise<StatLinePage> {
    const f = await this.scope(c, level, q);
    const { range } = monthRange(q);
    const by = { supplierId: q.supplierId, itemId: q.itemId, brandId: q.brandId };
    const [sum, rows] = await Promise.all([
      this.repo.lineTotals(f, range, by),
      this.repo.lines(f, range, by, { offset: (q.current - 1) * q.size, limit: q.size }),
    ]);
    return { records: rows.map(lineVO), total: sum.total, amount: sum.amount, current: q.current, size: q.size };
  }

  async exportLines(c: Caller, level: StatLevel, q: StatLinesQuery) {
    const f = await this.scope(c, level, q);
    const { start, end, range } = monthRange(q);
    const by = { supplierId: q.supplierId, itemId: q.itemId, brandId: q.brandId };
    const { total } = await this.repo.lineTotals(f, range, by);
    if (total > EXPORT_MAX_LINES) fail('BAD_REQUEST', `明细共 ${total} 行，超过单次导出上限 ${EXPORT_MAX_LINES} 行，请缩小月份或按供应商筛选后再导出`);
    const rows = (await this.repo.lines(f, range, by, { offset: 0, limit: EXPORT_MAX_LINES })).map(lineVO);
    const body = await writeWorkbook({
      name: '采购统计明细',
      columns: [
        { header: '验收日期', value: (r: StatLineVO) => r.day, width: 12 },
        { header: '类型', value: (r) => (r.kind === 'refund' ? '退款冲减' : '验收'), width: 10 },
        { header: '订单号', value: (r) => r.orderNo, width: 24 },
        { header: '子订单号', value: (r) => r.subNo, width: 26 },
        { header: '商品', value: (r) => r.name, width: 30 },
        { header: '规格', value: (r) => r.spec, width: 12 },
        { header: '品牌', value: (r) => r.brand, width: 16 },
        { header: '供应商', value: (r) => r.supplierName, width: 30 },
        { header: '采购人', value: (r) => r.buyerName, width: 12 },
        { header: '课题组', value: (r) => r.teamName, width: 16 },
        { header: '数量', value: (r) => r.quantity, kind: 'int', width: 8 },
        { header: '金额（元）', value: (r) => r.amount, kind: 'money' },
      ],
      rows,
    });
    const span = start === end ? start : `${start}至${end}`;
    return { body, filename: `采购统计明细-${STAT_LEVEL_TEXT[level]}-${span}.xlsx` };
  }
}

type LineRow = Awaited<ReturnType<StatisticsRepository['lines']>>[number];
function lineVO(r: LineRow): StatLineVO {
  const fee = r.order_line_id === null;
  return {
    factId: r.id,
    kind: r.kind,
    day: r.day,
    orderId: r.order_id,
    orderNo: r.order_no,
    subOrderId: r.sub_order_id,
    subNo: r.sub_no,
    lineId: r.order_line_id,
    name: fee ? '运费' : (r.name ?? ''),
    spec: r.spec ?? '',
    brand: r.brand_name ?? r.line_brand ?? '',
    supplierName: r.company_name,
    buyerName: r.real_name ?? r.user_name,
    teamName: r.team_name ?? '',
    quantity: r.quantity,
    amount: Number(r.amount),
  };
}
