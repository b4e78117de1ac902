import { z } from 'zod';
import { Id, PageQuery, pageOf } from '../platform/common.ts';

/**
 * 课题经费卡 (grant cards) and their budget ledger. A card belongs to one institute and one PI; its
 * members may charge it at checkout. Money is integer fen. The balance row on the card is kept in
 * the same transaction as every ledger entry: available = total − frozen − drawn.
 */
export const CARD_STATUS_TEXT = { active: '有效', invalid: '无效', frozen: '冻结' } as const;
export type CardStatus = keyof typeof CARD_STATUS_TEXT;
export const CARD_STATUSES = Object.keys(CARD_STATUS_TEXT) as [CardStatus, ...CardStatus[]];

/** Stop: a final approval that would overdraw the card is refused; Warn: it passes with a warning recorded. */
export const CARD_POLICY_TEXT = { stop: '超支禁止', warn: '超支提醒' } as const;
export type CardPolicy = keyof typeof CARD_POLICY_TEXT;

export const ENTRY_KIND_TEXT = {
  check: '提交校验',
  freeze: '冻结',
  adjust: '调整',
  release: '释放',
  draw: '支出',
  reverse: '冲回',
  carry: '结转',
} as const;
export type EntryKind = keyof typeof ENTRY_KIND_TEXT;

/** At most ¥100,000,000 on one card. */
export const MAX_CARD_TOTAL_FEN = 10_000_000_000;
const Fen = (what: string) =>
  z
    .number({ error: `${what}应为整数（分）` })
    .int(`${what}应为整数（分）`)
    .min(0, `${what}不能为负`)
    .max(MAX_CARD_TOTAL_FEN, `${what}超出范围`);
const Day = (what: string) => z.string().regex(/^\d{4}-\d{2}-\d{2}$/, `${what}格式应为 YYYY-MM-DD`);
const CardNo = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9-]{4,32}$/, '经费卡号为 4-32 位字母、数字或短横线');

export const BudgetLineInput = z.object({ name: z.string().trim().min(1, '请填写预算科目').max(30, '预算科目最多 30 字'), amount: Fen('预算金额') }).strict();

export const GrantCardBody = z
  .object({
    cardNo: CardNo,
    title: z.string().trim().min(2, '课题名称至少 2 个字').max(100, '课题名称最多 100 字'),
    /** the PI (课题负责人): a user of the caller's institute; a PI creating a card names themselves or leaves it out */
    piId: Id.optional(),
    deptId: Id.nullable().optional(),
    validFrom: Day('起始日期'),
    validTo: Day('截止日期'),
    status: z.enum(CARD_STATUSES).default('active'),
    policy: z.enum(['stop', 'warn']).default('stop'),
    total: Fen('总额'),
    lines: z.array(BudgetLineInput).max(20, '预算科目最多 20 项').default([]),
    /** users allowed to charge the card (the PI always may) */
    memberIds: z.array(Id).max(200, '成员最多 200 人').default([]),
  })
  .strict()
  .refine((b) => b.validFrom <= b.validTo, { message: '截止日期不能早于起始日期', path: ['validTo'] })
  .refine((b) => b.lines.reduce((s, l) => s + l.amount, 0) <= b.total, { message: '预算科目合计不能超过总额', path: ['lines'] })
  .refine((b) => new Set(b.lines.map((l) => l.name)).size === b.lines.length, { message: '预算科目不能重名', path: ['lines'] });
export type GrantCardInput = z.infer<typeof GrantCardBody>;
export const GrantCardUpdateBody = z.object({ id: Id, card: GrantCardBody }).strict();

export const GrantCardQuery = PageQuery.extend({
  cardNo: z.string().trim().max(32).optional(),
  title: z.string().trim().max(50).optional(),
  status: z.enum(CARD_STATUSES).optional(),
}).strict();

export const GrantCardVO = z.object({
  id: z.number().int(),
  cardNo: z.string(),
  title: z.string(),
  piId: z.number().int(),
  piName: z.string().nullable(),
  instituteId: z.number().int(),
  deptId: z.number().int().nullable(),
  deptName: z.string().nullable(),
  validFrom: z.string(),
  validTo: z.string(),
  status: z.enum(CARD_STATUSES),
  policy: z.enum(['stop', 'warn']),
  total: z.number().int(),
  frozen: z.number().int(),
  drawn: z.number().int(),
  available: z.number().int(),
  source: z.string(),
  updatedAt: z.string(),
});
export type GrantCardVO = z.infer<typeof GrantCardVO>;
export const GrantCardPage = pageOf(GrantCardVO);

export const CardPersonVO = z.object({ userId: z.number().int(), realName: z.string().nullable(), userName: z.string() });
export type CardPersonVO = z.infer<typeof CardPersonVO>;
/** A budget line with its own balance: available = amount − frozen − drawn, kept with the card's. */
export const BudgetLineVO = z.object({
  id: z.number().int(),
  name: z.string(),
  amount: z.number().int(),
  frozen: z.number().int(),
  drawn: z.number().int(),
  available: z.number().int(),
});
export type BudgetLineVO = z.infer<typeof BudgetLineVO>;
export const GrantCardDetail = GrantCardVO.extend({
  lines: z.array(BudgetLineVO),
  members: z.array(CardPersonVO),
});
export type GrantCardDetail = z.infer<typeof GrantCardDetail>;

/** A card the buyer may charge at checkout (with the default marked). */
export const UsableCardVO = z.object({
  id: z.number().int(),
  cardNo: z.string(),
  title: z.string(),
  available: z.number().int(),
  policy: z.enum(['stop', 'warn']),
  isDefault: z.boolean(),
  /** its budget lines: each sub-order names one when there are any */
  lines: z.array(z.object({ id: z.number().int(), name: z.string(), available: z.number().int() })),
});
export type UsableCardVO = z.infer<typeof UsableCardVO>;
export const UsableCardQuery = z.object({ t: z.string().optional() }).strict();
export const DefaultCardBody = z.object({ cardId: Id }).strict();

/** 年末结转 POST /mall/v1/grantCard/carryForward */
export const CarryForwardBody = z.object({ fromId: Id, toId: Id }).strict();
export const CarryForwardVO = z.object({ subOrders: z.number().int(), orders: z.number().int(), amount: z.number().int() });

export const LedgerQuery = PageQuery.extend({ cardId: Id }).strict();
export const LedgerEntryVO = z.object({
  id: z.number().int(),
  kind: z.enum(['check', 'freeze', 'adjust', 'release', 'draw', 'reverse', 'carry']),
  amount: z.number().int(),
  orderId: z.number().int().nullable(),
  orderNo: z.string().nullable(),
  subOrderId: z.number().int().nullable(),
  subNo: z.string().nullable(),
  /** the budget line the entry moves (null: the card has no lines, or the order named none) */
  lineId: z.number().int().nullable(),
  lineName: z.string().nullable(),
  claimId: z.number().int().nullable(),
  claimNo: z.string().nullable(),
  ref: z.string().nullable(),
  actorName: z.string().nullable(),
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export type LedgerEntryVO = z.infer<typeof LedgerEntryVO>;
export const LedgerPage = pageOf(LedgerEntryVO);

/** What an approver reads on the order: the card, what this order takes (本单占用) and what is left (可用余额). */
export const OrderBudgetVO = z.object({
  cardId: z.number().int(),
  cardNo: z.string(),
  title: z.string(),
  policy: z.enum(['stop', 'warn']),
  /** frozen for this order now, or (before the final approval) what the approval will freeze */
  orderAmount: z.number().int(),
  frozen: z.boolean(),
  available: z.number().int(),
  /** what the card lacks for this order (0 when it is enough) */
  shortfall: z.number().int(),
  /** the card's PI (who approves the order when it charges someone else's card: 他人代付) */
  holderId: z.number().int(),
  /** the same per budget line the order charges (empty: the card has no lines) */
  lines: z.array(
    z.object({ lineId: z.number().int(), name: z.string(), orderAmount: z.number().int(), available: z.number().int(), shortfall: z.number().int() }),
  ),
});
export type OrderBudgetVO = z.infer<typeof OrderBudgetVO>;

/** GET /mall/v1/grantCard/lookup?cardNo=: another's card for 他人代付 at checkout (no balances). */
export const CardLookupQuery = z.object({ cardNo: z.string().trim().min(1, '请输入经费卡号').max(40), t: z.string().optional() }).strict();
export const CardLookupVO = z.object({
  id: z.number().int(),
  cardNo: z.string(),
  title: z.string(),
  piName: z.string(),
  /** the caller is neither PI nor member: ordering on it adds the PI's approval */
  othersCard: z.boolean(),
  /** the card's budget lines (names only) */
  lines: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type CardLookupVO = z.infer<typeof CardLookupVO>;

/**
 * POST /mall/v1/api-order/zkpd/getItemInfoByPI: the institute's finance system (an API client bound
 * to one institute) sends a PI's cards as it holds them; we upsert them by card number and answer
 * every card of that PI with our ledger's figures (frozen, drawn, available) for reconciliation.
 * `cards` left out: a query only.
 */
export const ZkpdCardInput = z
  .object({
    cardNo: CardNo,
    title: z.string().trim().min(2, '课题名称至少 2 个字').max(100, '课题名称最多 100 字'),
    validFrom: Day('起始日期'),
    validTo: Day('截止日期'),
    status: z.enum(CARD_STATUSES),
    total: Fen('总额'),
    lines: z.array(BudgetLineInput).max(20).optional(),
  })
  .strict()
  .refine((b) => b.validFrom <= b.validTo, { message: '截止日期不能早于起始日期', path: ['validTo'] });
export const ZkpdItemInfoBody = z
  .object({
    /** the PI by user name (工号/登录名) in the client's institute */
    piUserName: z.string().trim().min(1).max(64),
    cards: z.array(ZkpdCardInput).max(100, '一次最多 100 张经费卡').optional(),
  })
  .strict();
export const ZkpdItemInfoVO = z.object({
  piUserName: z.string(),
  created: z.number().int(),
  updated: z.number().int(),
  cards: z.array(GrantCardVO),
});

export const PassWithBudgetBody = z
  .object({
    ids: z.array(Id).min(1, '请选择订单').max(100, '一次最多处理 100 个订单'),
    /** passing an order that overdraws a 超支禁止 card: the reason, logged (研究所负责人 or 财务 only) */
    overrideReason: z.string().trim().min(2, '超支原因至少 2 个字').max(200, '超支原因最多 200 字').optional(),
  })
  .strict();
