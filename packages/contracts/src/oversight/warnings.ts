import { z } from 'zod';
import { Id, PageQuery, pageOf } from '../platform/common.ts';

/**
 * 预警 (warnings) and 预警规则 (warning rules, per institute). A daily scan evaluates each enabled
 * rule and records one warning per subject (deduplicated per rule and subject); people see the
 * warnings in their data scope and move them new → acknowledged → resolved, or snooze them to a day.
 */
export const RULE_TYPE_TEXT = {
  expiry: '试剂临近过期',
  low_stock: '库存不足',
  overdue_delivery: '发货逾期',
  overdue_invoice: '发票逾期',
  qualification_expiry: '供应商资质到期',
  grant_card: '经费卡余额不足',
  duplicate_purchase: '重复采购',
} as const;
export type RuleType = keyof typeof RULE_TYPE_TEXT;
export const RULE_TYPES = Object.keys(RULE_TYPE_TEXT) as [RuleType, ...RuleType[]];

/** What each rule's one threshold means, its default and its bounds (the rules page and the server share them). */
export const RULE_THRESHOLD: Record<RuleType, { label: string; unit: string; default: number; min: number; max: number; help: string }> = {
  expiry: { label: '到期前', unit: '天', default: 30, min: 1, max: 365, help: '容器的有效期在这么多天内到期时预警（已过期的也预警）' },
  low_stock: { label: '剩余不高于', unit: '件', default: 1, min: 0, max: 10_000, help: '课题组某商品在库的剩余数量合计不高于此数时预警' },
  overdue_delivery: { label: '审批通过后', unit: '天', default: 7, min: 1, max: 90, help: '子订单审批通过这么多天后仍未全部发货时预警' },
  overdue_invoice: { label: '验收后', unit: '天', default: 30, min: 1, max: 180, help: '子订单验收这么多天后发票仍未开齐时预警' },
  qualification_expiry: { label: '到期前', unit: '天', default: 30, min: 1, max: 365, help: '与本所合同生效的供应商，资质在这么多天内到期时预警' },
  grant_card: { label: '可用余额低于总额的', unit: '%', default: 10, min: 1, max: 100, help: '有效经费卡的可用余额低于总额的这个比例时预警课题负责人' },
  duplicate_purchase: { label: '回看', unit: '天', default: 90, min: 1, max: 365, help: '结算时提示：课题组这么多天内已买过或仍在库的同一商品' },
};

/**
 * The default of each rule's threshold is read from the warning_threshold dictionary (the item with
 * this value; its label is the number), per institute, so the platform or an institute can change
 * it; RULE_THRESHOLD's default is the seed and the fallback when the item is gone or not a number.
 */
export const RULE_DEFAULT_DICT_KEY: Record<RuleType, string> = {
  expiry: 'expiryDays',
  low_stock: 'lowStockQty',
  overdue_delivery: 'overdueDeliveryDays',
  overdue_invoice: 'overdueInvoiceDays',
  qualification_expiry: 'qualificationExpiryDays',
  grant_card: 'grantCardAvailablePercent',
  duplicate_purchase: 'duplicatePurchaseDays',
};

/** Rules with a daily scan; duplicate purchase is a hint shown at checkout, not a scanned warning. */
export const SCANNED_RULES: RuleType[] = RULE_TYPES.filter((t) => t !== 'duplicate_purchase');

export const WARNING_STATE_TEXT = { new: '待处理', acknowledged: '已确认', snoozed: '已暂缓', resolved: '已解决' } as const;
export type WarningState = keyof typeof WARNING_STATE_TEXT;
export const WARNING_STATES = Object.keys(WARNING_STATE_TEXT) as [WarningState, ...WarningState[]];
/** The states the header badge counts: not yet dealt with, and not put off. */
export const OPEN_WARNING_STATES: WarningState[] = ['new', 'acknowledged'];

export const WARNING_ACTION_TEXT = { acknowledge: '确认', resolve: '解决', snooze: '暂缓' } as const;
export type WarningAction = keyof typeof WARNING_ACTION_TEXT;

/** A snooze lasts at most this many days. */
export const MAX_SNOOZE_DAYS = 90;

const Day = (what: string) => z.string().regex(/^\d{4}-\d{2}-\d{2}$/, `${what}格式应为 YYYY-MM-DD`);

/** `state=open` asks for 待处理 and 已确认 together (the badge's count). */
export const WarningQuery = PageQuery.extend({
  type: z.enum(RULE_TYPES, { error: '预警类型不正确' }).optional(),
  state: z.enum([...WARNING_STATES, 'open'], { error: '预警状态不正确' }).optional(),
  /** created on or after / on or before (Shanghai calendar days) */
  dateFrom: Day('开始日期').optional(),
  dateTo: Day('结束日期').optional(),
  keyword: z.string().trim().max(50, '关键词最多 50 字').optional(),
}).strict();
export type WarningQuery = z.infer<typeof WarningQuery>;

export const WarningVO = z.object({
  id: z.number().int(),
  type: z.enum(RULE_TYPES),
  state: z.enum(WARNING_STATES),
  title: z.string(),
  detail: z.string(),
  link: z.string().nullable(),
  dueOn: z.string().nullable(),
  snoozedUntil: z.string().nullable(),
  teamName: z.string().nullable(),
  ownerName: z.string().nullable(),
  actedByName: z.string().nullable(),
  actedAt: z.string().nullable(),
  createdAt: z.string(),
  /** what the caller may do now (from the transition table) */
  actions: z.array(z.enum(['acknowledge', 'resolve', 'snooze'])),
});
export type WarningVO = z.infer<typeof WarningVO>;
export const WarningPage = pageOf(WarningVO);

export const WarningActBody = z.object({ id: Id }).strict();
export const WarningSnoozeBody = z.object({ id: Id, until: Day('暂缓到') }).strict();

export const WarningRuleQuery = z.object({ instituteId: Id.optional(), t: z.string().optional() }).strict();
export const WarningRuleVO = z.object({
  type: z.enum(RULE_TYPES),
  enabled: z.boolean(),
  threshold: z.number().int(),
  /** true while the institute runs the default (never saved) */
  isDefault: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type WarningRuleVO = z.infer<typeof WarningRuleVO>;
export const WarningRuleList = z.object({
  instituteId: z.number().int(),
  instituteName: z.string(),
  /** the institutes the caller may choose from (the platform admin: all; others: their own) */
  institutes: z.array(z.object({ id: z.number().int(), name: z.string() })),
  rules: z.array(WarningRuleVO),
});
export type WarningRuleList = z.infer<typeof WarningRuleList>;

export const WarningRuleBody = z
  .object({
    instituteId: Id.optional(),
    type: z.enum(RULE_TYPES, { error: '预警类型不正确' }),
    enabled: z.boolean(),
    threshold: z.number({ error: '阈值应为整数' }).int('阈值应为整数'),
  })
  .strict()
  .superRefine((b, ctx) => {
    const r = RULE_THRESHOLD[b.type];
    if (b.threshold < r.min || b.threshold > r.max) ctx.addIssue({ code: 'custom', path: ['threshold'], message: `阈值应在 ${r.min}–${r.max}${r.unit} 之间` });
  });
export type WarningRuleInput = z.infer<typeof WarningRuleBody>;

/** POST /mall/v1/warning/scan: what a manual scan of the institute found. */
export const WarningScanBody = z.object({ instituteId: Id.optional() }).strict();
export const WarningScanVO = z.object({ created: z.number().int(), resolved: z.number().int(), woken: z.number().int() });

/** GET /mall/v1/warning/duplicates?itemIds=1,2: the checkout hint (重复采购). */
export const DuplicateQuery = z
  .object({
    itemIds: z
      .string()
      .regex(/^\d+(,\d+){0,99}$/, '商品 id 应为逗号分隔的数字，最多 100 个')
      .transform((s) => [...new Set(s.split(',').map(Number))]),
    t: z.string().optional(),
  })
  .strict();
export const DuplicateHintVO = z.object({
  itemId: z.number().int(),
  /** e.g. “课题组 30 天内已买过 2 次（最近 2026-11-02，订单 …）” */
  message: z.string(),
  lastOrderedAt: z.string().nullable(),
  orderedTimes: z.number().int(),
  /** units of the item the team still holds in inventory (0 when none or no inventory) */
  inStock: z.number(),
});
export type DuplicateHintVO = z.infer<typeof DuplicateHintVO>;
