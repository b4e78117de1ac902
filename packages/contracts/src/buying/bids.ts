import { z } from 'zod';
import { isValidCas } from '../platform/cas.ts';
import { Id, PageQuery, pageOf } from '../platform/common.ts';

/**
 * 招标采购 (sealed bids). A buyer publishes a request (items, ceiling price, deadline, delivery
 * address, invited suppliers or every supplier with a contract in force with the institute);
 * suppliers each hand in one sealed bid, revisable until the deadline; a scheduled job opens the
 * bids at the deadline; the lowest valid bid (ties: the earliest) is awarded and becomes an order.
 *
 * Secrecy: before opening, no answer shows an amount or the number of bids to anyone but the
 * bidder, so no schema below carries a count of bids, and the project answers have no field that
 * moves when a bid arrives.
 */
export const BID_STATE_TEXT = {
  bidding: '投标中',
  opened: '已开标',
  failed: '流标',
  awarded: '已定标',
  closed: '已关闭',
} as const;
export type BidState = keyof typeof BID_STATE_TEXT;
export const BID_STATES = Object.keys(BID_STATE_TEXT) as [BidState, ...BidState[]];

export const BID_INVITE_TEXT = { invited: '邀请招标', all: '本所合同供应商' } as const;
export type BidInviteMode = keyof typeof BID_INVITE_TEXT;

/** Fewer valid bids than this at opening: the round fails (流标); the buyer starts a new round or closes. */
export const MIN_VALID_BIDS = 3;
/** A ceiling price of at most ¥10,000,000. */
export const MAX_BID_CEILING_FEN = 1_000_000_000;
/** A deadline at most 180 days ahead. */
export const MAX_BID_DAYS = 180;

const Fen = (what: string) =>
  z
    .number({ error: `${what}应为整数（分）` })
    .int(`${what}应为整数（分）`)
    .min(1, `${what}应大于 0`)
    .max(MAX_BID_CEILING_FEN, `${what}不能超过 ¥10,000,000`);
const Deadline = z.iso.datetime({ offset: true, error: '截止时间格式不正确' });

export const BidLineInput = z
  .object({
    name: z.string().trim().min(1, '请填写品名').max(60, '品名最多 60 字'),
    spec: z.string().trim().min(1, '请填写规格').max(60, '规格最多 60 字'),
    cas: z
      .string()
      .trim()
      .max(12)
      .refine((v) => v === '' || isValidCas(v), 'CAS 号不正确')
      .nullable()
      .optional()
      .transform((v) => (v ? v : null)),
    quantity: z.number({ error: '数量应为整数' }).int('数量应为整数').min(1, '数量至少为 1').max(1_000_000, '数量过大'),
    unit: z.string().trim().min(1, '请填写单位').max(8, '单位最多 8 字'),
  })
  .strict();

export const BidProjectBody = z
  .object({
    title: z.string().trim().min(2, '项目名称至少 2 个字').max(60, '项目名称最多 60 字'),
    lines: z.array(BidLineInput).min(1, '请至少填写一项采购内容').max(50, '采购内容最多 50 项'),
    ceilingAmount: Fen('最高限价'),
    deadline: Deadline,
    addressId: Id,
    inviteMode: z.enum(['invited', 'all']),
    supplierIds: z.array(Id).max(50, '邀请供应商最多 50 家').default([]),
    remark: z.string().trim().max(500, '说明最多 500 字').default(''),
  })
  .strict()
  .refine((b) => b.inviteMode === 'all' || new Set(b.supplierIds).size >= MIN_VALID_BIDS, {
    message: `邀请招标须邀请至少 ${MIN_VALID_BIDS} 家供应商`,
    path: ['supplierIds'],
  });
export type BidProjectInput = z.infer<typeof BidProjectBody>;
export const BidProjectUpdateBody = z.object({ id: Id, project: BidProjectBody }).strict();
export const BidRebidBody = z.object({ id: Id, deadline: Deadline }).strict();
export const BidCloseBody = z.object({ id: Id, reason: z.string().trim().min(2, '请填写关闭原因').max(200, '原因最多 200 字') }).strict();
export const BidAwardBody = z.object({ id: Id, grantCardId: Id.optional(), budgetLineId: Id.optional() }).strict();

export const BidProjectQuery = PageQuery.extend({
  title: z.string().trim().max(60).optional(),
  state: z.enum(BID_STATES).optional(),
}).strict();

export const BidLineVO = z.object({
  id: z.number().int(),
  lineNo: z.number().int(),
  name: z.string(),
  spec: z.string(),
  cas: z.string().nullable(),
  quantity: z.number().int(),
  unit: z.string(),
});

/** A project in a list: nothing in it changes when a bid arrives. */
export const BidProjectVO = z.object({
  id: z.number().int(),
  projectNo: z.string(),
  title: z.string(),
  instituteName: z.string(),
  buyerName: z.string().nullable(),
  ceilingAmount: z.number().int(),
  deadline: z.string(),
  state: z.enum(BID_STATES),
  stateText: z.string(),
  round: z.number().int(),
  inviteMode: z.enum(['invited', 'all']),
  publishedAt: z.string(),
});
export const BidProjectPage = pageOf(BidProjectVO);

export const BidOfferLineVO = z.object({ lineId: z.number().int(), unitPrice: z.number().int(), amount: z.number().int() });

/** One bid in the opening result (every bid of the round, valid ones ranked first). */
export const BidResultVO = z.object({
  bidId: z.number().int(),
  rank: z.number().int().nullable(),
  supplierId: z.number().int(),
  supplierName: z.string(),
  totalAmount: z.number().int(),
  deliveryDays: z.number().int(),
  submittedAt: z.string(),
  valid: z.boolean(),
  invalidReason: z.string().nullable(),
  remark: z.string(),
  lines: z.array(BidOfferLineVO),
});

export const BidLogVO = z.object({
  action: z.string(),
  actionText: z.string(),
  actorName: z.string().nullable(),
  round: z.number().int(),
  detail: z.string().nullable(),
  at: z.string(),
});

export const BidProjectDetail = BidProjectVO.extend({
  remark: z.string(),
  lines: z.array(BidLineVO),
  address: z.object({ province: z.string(), city: z.string(), district: z.string(), detail: z.string(), contact: z.string(), phone: z.string() }),
  addressId: z.number().int().nullable(),
  suppliers: z.array(z.object({ id: z.number().int(), name: z.string() })),
  openedAt: z.string().nullable(),
  closeReason: z.string().nullable(),
  /** the opening result; null until the bids of the round are opened */
  result: z.array(BidResultVO).nullable(),
  winnerBidId: z.number().int().nullable(),
  orderId: z.number().int().nullable(),
  orderNo: z.string().nullable(),
  log: z.array(BidLogVO),
});

/** Who may see what: the caller's own actions on this project. */
export const BidAwardVO = z.object({ orderId: z.number().int(), orderNo: z.string(), totalAmount: z.number().int() });

export const BidSupplierOption = z.object({ id: z.number().int(), name: z.string() });

/** The public /bid page: published projects, never an amount or a count. */
export const PublicBidQuery = PageQuery.extend({ title: z.string().trim().max(60).optional() }).strict();
export const PublicBidVO = z.object({
  id: z.number().int(),
  projectNo: z.string(),
  title: z.string(),
  instituteName: z.string(),
  publishedAt: z.string(),
  deadline: z.string(),
  state: z.enum(BID_STATES),
  stateText: z.string(),
});
export const PublicBidPage = pageOf(PublicBidVO);

export const PrintControlVO = z.object({ allowed: z.boolean(), reason: z.string().nullable() });

// ---- the supplier's side ----

export const MY_BID_STATE_TEXT = { submitted: '已投标', void: '已作废', won: '中标', lost: '未中标', invalid: '无效' } as const;
export type MyBidState = keyof typeof MY_BID_STATE_TEXT;

export const SupplierBidQuery = PageQuery.extend({
  title: z.string().trim().max(60).optional(),
  /** open: projects it may bid on now; mine: projects it has bid on */
  tab: z.enum(['open', 'mine']).default('open'),
}).strict();

export const MyBidVO = z.object({
  bidId: z.number().int(),
  round: z.number().int(),
  totalAmount: z.number().int(),
  deliveryDays: z.number().int(),
  remark: z.string(),
  submittedAt: z.string(),
  state: z.enum(['submitted', 'void', 'won', 'lost', 'invalid']),
  stateText: z.string(),
  lines: z.array(BidOfferLineVO),
});

export const SupplierBidProjectVO = BidProjectVO.extend({ myBid: MyBidVO.nullable() });
export const SupplierBidPage = pageOf(SupplierBidProjectVO);
export const SupplierBidDetail = SupplierBidProjectVO.extend({
  remark: z.string(),
  lines: z.array(BidLineVO),
  address: BidProjectDetail.shape.address,
  /** after opening: the ranked result (every bid), as the buyer sees it */
  result: z.array(BidResultVO).nullable(),
  canBid: z.boolean(),
  cannotBidReason: z.string().nullable(),
});

export const BidSubmitBody = z
  .object({
    projectId: Id,
    lines: z
      .array(
        z
          .object({
            lineId: Id,
            unitPrice: z.number({ error: '单价应为整数（分）' }).int('单价应为整数（分）').min(1, '单价应大于 0').max(MAX_BID_CEILING_FEN, '单价过大'),
          })
          .strict(),
      )
      .min(1, '请为每一项报价')
      .max(50),
    deliveryDays: z.number({ error: '供货期应为整数天' }).int('供货期应为整数天').min(0, '供货期不能为负').max(365, '供货期最多 365 天'),
    remark: z.string().trim().max(500, '说明最多 500 字').default(''),
  })
  .strict();
export type BidSubmitInput = z.infer<typeof BidSubmitBody>;

export const BID_ACTION_TEXT: Record<string, string> = {
  publish: '发布',
  edit: '修改',
  open: '开标',
  award: '定标',
  rebid: '重新招标',
  close: '关闭',
};
