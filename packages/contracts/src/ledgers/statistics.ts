import { z } from 'zod';
import { Id, pageOf } from '../platform/common.ts';

/**
 * 统计分析 (/mq/v1/statistics/{level}/{view}): what was spent, from the spend facts written when a
 * sub-order is accepted (and reversed when an accepted sub-order is refunded). Money in fen.
 *
 * Levels, each answered for the caller's own reach (never wider than their role):
 *  - person       the caller's own purchases (orders placed for them)
 *  - team         the 课题组 they lead (an institute role may name any team of its institute)
 *  - college      their 二级单位: the top-level department of the institute above their department
 *                 (institute roles name one with collegeId)
 *  - institution  their institute (institute roles: 研究所负责人, 财务; the platform names one or sees all)
 */
export const STAT_LEVELS = ['person', 'team', 'college', 'institution'] as const;
export type StatLevel = (typeof STAT_LEVELS)[number];
export const STAT_LEVEL_TEXT: Record<StatLevel, string> = { person: '个人', team: '课题组', college: '部门', institution: '研究所' };
export const STAT_VIEWS = ['all', 'month', 'company', 'item', 'brand'] as const;
export type StatView = (typeof STAT_VIEWS)[number];

/** Calendar month in Asia/Shanghai. */
const Month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, '月份格式应为 YYYY-MM');

/** The filter every statistics call takes; months default to the last 12 (this month included). */
export const StatQuery = z
  .object({
    startMonth: Month.optional(),
    endMonth: Month.optional(),
    /** team level: one of the caller's teams (default: all they lead) */
    teamId: Id.optional(),
    /** college level: a top-level department of the caller's institute (institute roles) */
    collegeId: Id.optional(),
    /** institution level: the platform admin's choice (default: every institute) */
    instituteId: Id.optional(),
    /** how many rows company, item and brand answer (largest first) */
    top: z.coerce.number().int().min(1).max(100, '最多 100 条').default(10),
    t: z.string().optional(),
  })
  .strict();
export type StatQuery = z.infer<typeof StatQuery>;

export const StatTotals = z.object({
  /** fen */
  amount: z.number().int(),
  /** accepted sub-orders (a refund of one counts −1) */
  orders: z.number().int(),
  /** order lines */
  lines: z.number().int(),
  quantity: z.number().int(),
});
export type StatTotals = z.infer<typeof StatTotals>;

export const StatCategoryShare = z.object({ categoryId: z.number().int().nullable(), name: z.string(), amount: z.number().int(), lines: z.number().int() });
export const StatAllVO = z.object({
  startMonth: z.string(),
  endMonth: z.string(),
  scopeName: z.string(),
  totals: StatTotals,
  /** goods by top-level category (运费 is its own share with categoryId null) */
  categories: z.array(StatCategoryShare),
  suppliers: z.number().int(),
});
export type StatAllVO = z.infer<typeof StatAllVO>;

export const StatMonthRow = StatTotals.extend({ month: z.string() });
export const StatMonthVO = z.object({ startMonth: z.string(), endMonth: z.string(), months: z.array(StatMonthRow) });
export type StatMonthVO = z.infer<typeof StatMonthVO>;

/** One row of a top list: a supplier, an item or a brand (id null = 运费 for items, 未标品牌 for brands). */
export const StatRankRow = StatTotals.extend({ id: z.number().int().nullable(), name: z.string(), extra: z.string().nullable() });
export const StatRankVO = z.object({ total: StatTotals, rows: z.array(StatRankRow) });
export type StatRankRow = z.infer<typeof StatRankRow>;
export type StatRankVO = z.infer<typeof StatRankVO>;

/** Drill-down to the order lines behind a figure: a month, a supplier, an item or a brand. */
export const StatLinesQuery = StatQuery.omit({ top: true })
  .extend({
    month: Month.optional(),
    supplierId: Id.optional(),
    itemId: Id.optional(),
    brandId: Id.optional(),
    current: z.coerce.number().int().min(1, '页码从 1 开始').default(1),
    size: z.coerce.number().int().min(1).max(200, '每页最多 200 条').default(20),
  })
  .strict();
export type StatLinesQuery = z.infer<typeof StatLinesQuery>;

export const StatLineVO = z.object({
  factId: z.number().int(),
  /** accept | refund */
  kind: z.string(),
  day: z.string(),
  orderId: z.number().int(),
  orderNo: z.string(),
  subOrderId: z.number().int(),
  subNo: z.string(),
  /** null: the sub-order's delivery fee */
  lineId: z.number().int().nullable(),
  name: z.string(),
  spec: z.string(),
  brand: z.string(),
  supplierName: z.string(),
  buyerName: z.string(),
  teamName: z.string(),
  quantity: z.number().int(),
  amount: z.number().int(),
});
export type StatLineVO = z.infer<typeof StatLineVO>;
export const StatLinePage = pageOf(StatLineVO).extend({ amount: z.number().int() });
export type StatLinePage = z.infer<typeof StatLinePage>;

/** The levels the caller may choose on the page, with the teams, colleges and institutes they may name. */
export const StatOption = z.object({ id: z.number().int(), name: z.string() });
export const StatScopesVO = z.object({
  levels: z.array(z.enum(STAT_LEVELS)),
  teams: z.array(StatOption),
  colleges: z.array(StatOption),
  institutes: z.array(StatOption),
  /** the caller's own college, when they have one */
  collegeId: z.number().int().nullable(),
  /** true: the page may export lines to Excel */
  canExport: z.boolean(),
});
export type StatScopesVO = z.infer<typeof StatScopesVO>;
