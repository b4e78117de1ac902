import { z } from 'zod';
import { Id, PageQuery, pageOf } from '../platform/common.ts';
import { MATCH_STATES } from './invoices-match.ts';

/**
 * 报销单 (claims) and 合并报销 (merged claims): a buyer claims completed, invoiced sub-orders; the
 * team leader and the institute approve as the institute's flow says; finance merges waiting claims
 * of its institute into one record at the desk, passes it, and completes it or sends it back.
 * docs/CLAIM-STATES.md describes the states for people; the server's table is claims/claim-states.ts.
 */
export const CLAIM_STATUS_TEXT = {
  draft: '待提交',
  submitted: '待审批',
  team_approved: '待研究所审批',
  institute_approved: '待财务审核',
  finance_review: '财务审核中',
  completed: '已完成',
  cancelled: '已撤销',
} as const;
export type ClaimStatus = keyof typeof CLAIM_STATUS_TEXT;
export const CLAIM_STATUSES = Object.keys(CLAIM_STATUS_TEXT) as ClaimStatus[];

/** The approval steps of a claim's chain (fixed when it is submitted). */
export const CLAIM_STEPS = ['team', 'institute'] as const;
export type ClaimStep = (typeof CLAIM_STEPS)[number];
export const CLAIM_STEP_TEXT: Record<ClaimStep, string> = { team: '课题组长审批', institute: '研究所审批' };

/** Why a draft is a draft: never submitted, refused by an approver, or sent back by finance for more papers. */
export type ClaimReturn = 'refused' | 'supplement' | null;

/**
 * The one status a person reads: a submitted claim names the step it waits for; a draft that came
 * back says so.
 */
export function claimStatusText(status: ClaimStatus, steps: readonly ClaimStep[], returned: ClaimReturn): string {
  if (status === 'draft') return returned === 'refused' ? '已驳回' : returned === 'supplement' ? '待补充材料' : CLAIM_STATUS_TEXT.draft;
  if (status === 'submitted') return steps[0] === 'institute' ? '待研究所审批' : '待课题组长审批';
  return CLAIM_STATUS_TEXT[status];
}

export const CLAIM_ACTION_TEXT = {
  submit: '提交报销',
  pass: '审批通过',
  refuse: '驳回',
  cancel: '撤销',
  merge: '财务审核通过（合并报销）',
  complete: '报销完成',
  noComplete: '退回补充材料',
  financeRefuse: '财务驳回',
} as const;
export type ClaimAction = keyof typeof CLAIM_ACTION_TEXT;

export const CLAIM_ACTOR_TEXT = { buyer: '报销人', team: '课题组长', institute: '研究所', finance: '财务' } as const;
export type ClaimActor = keyof typeof CLAIM_ACTOR_TEXT;

export const MERGE_STATUS_TEXT = { review: '待完成', completed: '已完成', returned: '已退回补充材料', cancelled: '已撤销' } as const;
export type MergeStatus = keyof typeof MERGE_STATUS_TEXT;

/** At most this many sub-orders in one claim, and claims in one merged claim (docs/domains/finance.md#claim-eligibility). */
export const CLAIM_MAX_SUBS = 50;
export const MERGE_MAX_CLAIMS = 50;

const Reason = z.string().trim().min(2, '请填写原因（至少 2 个字）').max(500, '原因最多 500 字');
const Ids = (what: string, max: number) => z.array(Id).min(1, `请选择${what}`).max(max, `一次最多 ${max} 个${what}`);

// ── buyer ────────────────────────────────────────────────────────────────
export const CheckApplyQuery = PageQuery.extend({
  /** only eligible sub-orders */
  eligible: z.enum(['1', '0']).optional(),
  subNo: z.string().trim().max(40).optional(),
}).strict();

/** A sub-order of the caller and whether it may be claimed (and why not). */
export const ClaimableVO = z.object({
  subOrderId: z.number().int(),
  subNo: z.string(),
  orderId: z.number().int(),
  orderNo: z.string(),
  supplierName: z.string(),
  firstItem: z.string(),
  lineCount: z.number().int(),
  amount: z.number().int(),
  status: z.string(),
  statusText: z.string(),
  completedAt: z.string(),
  matchState: z.enum(MATCH_STATES),
  matchProblems: z.array(z.string()),
  invoiceNumbers: z.array(z.string()),
  eligible: z.boolean(),
  /** why not, in Chinese (null when eligible) */
  reason: z.string().nullable(),
  claimId: z.number().int().nullable(),
  claimNo: z.string().nullable(),
});
export type ClaimableVO = z.infer<typeof ClaimableVO>;
export const ClaimablePage = pageOf(ClaimableVO);

export const ApplyClaimBody = z
  .object({
    subOrderIds: Ids('子订单', CLAIM_MAX_SUBS),
    /** true: one claim per sub-order; false (default): one claim over all of them */
    separate: z.boolean().default(false),
    /** attachments uploaded with purpose 'claim' */
    fileIds: z.array(Id).max(20, '附件最多 20 个').default([]),
    remark: z.string().trim().max(500, '说明最多 500 字').optional(),
  })
  .strict();
export const AppliedClaim = z.object({
  id: z.number().int(),
  claimNo: z.string(),
  status: z.string(),
  statusText: z.string(),
  subOrderIds: z.array(z.number().int()),
});
export type AppliedClaim = z.infer<typeof AppliedClaim>;

export const ClaimIdBody = z.object({ id: Id }).strict();
export const ResubmitBody = z
  .object({ id: Id, fileIds: z.array(Id).max(20, '附件最多 20 个').default([]), remark: z.string().trim().max(500).optional() })
  .strict();

// ── approvers and finance ────────────────────────────────────────────────
export const ClaimBatchBody = z.object({ ids: Ids('报销单', 100) }).strict();
export const ClaimRefuseBody = ClaimBatchBody.extend({ reason: Reason }).strict();
export const MergeIdBody = z.object({ id: Id }).strict();
export const MergeReturnBody = z.object({ id: Id, reason: Reason }).strict();
export const MergePassBody = z.object({ ids: Ids('报销单', MERGE_MAX_CLAIMS), remark: z.string().trim().max(500).optional() }).strict();

export const ClaimBatchResults = z.array(z.object({ id: z.number().int(), ok: z.boolean(), message: z.string() }));

// ── lists ────────────────────────────────────────────────────────────────
const IsoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 YYYY-MM-DD');
const ClaimFilter = {
  claimNo: z.string().trim().max(40).optional(),
  /** one status or several, comma-separated */
  status: z
    .string()
    .refine((v) => v.split(',').every((x) => (CLAIM_STATUSES as string[]).includes(x)), '状态不正确')
    .optional(),
  dateFrom: IsoDay.optional(),
  dateTo: IsoDay.optional(),
};
/** page/all: mine (own claims), team (the teams the caller leads), institute (owner and finance) */
export const ClaimListQuery = PageQuery.extend({ scope: z.enum(['mine', 'team', 'institute']).default('mine'), ...ClaimFilter }).strict();
export const ClaimWaitQuery = PageQuery.extend({
  role: z.enum(['team', 'institute', 'finance']),
  claimNo: z.string().trim().max(40).optional(),
  /** a scanned claim QR code: only that claim */
  qrcode: z.string().trim().max(200).optional(),
}).strict();
export const ClaimAdminQuery = PageQuery.extend({ instituteId: z.coerce.number().int().positive().optional(), ...ClaimFilter }).strict();
export const MergeListQuery = PageQuery.extend({
  status: z.enum(Object.keys(MERGE_STATUS_TEXT) as [MergeStatus, ...MergeStatus[]]).optional(),
  mergeNo: z.string().trim().max(40).optional(),
  /** a scanned merged-claim QR code (ewmForMerge): only that record */
  qrcode: z.string().trim().max(200).optional(),
}).strict();
export const DetailQuery = z.object({ kind: z.enum(['claim', 'merge']).default('claim'), t: z.string().optional() }).strict();
export const FileListQuery = z.object({ id: Id, kind: z.enum(['claim', 'merge']).default('claim'), t: z.string().optional() }).strict();
export const EwmQuery = z.object({ id: Id, kind: z.enum(['claim', 'merge']).default('merge'), t: z.string().optional() }).strict();

export const ClaimVO = z.object({
  id: z.number().int(),
  claimNo: z.string(),
  status: z.enum(CLAIM_STATUSES as [ClaimStatus, ...ClaimStatus[]]),
  statusText: z.string(),
  steps: z.array(z.enum(CLAIM_STEPS)),
  amount: z.number().int(),
  subCount: z.number().int(),
  /** 关联订单: order numbers of its sub-orders (at most the first 5) */
  orderNos: z.array(z.string()),
  buyerId: z.number().int(),
  buyerName: z.string(),
  instituteName: z.string().nullable(),
  teamName: z.string().nullable(),
  lastReason: z.string().nullable(),
  mergeId: z.number().int().nullable(),
  mergeNo: z.string().nullable(),
  submittedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ClaimVO = z.infer<typeof ClaimVO>;
export const ClaimPage = pageOf(ClaimVO);

export const MergeVO = z.object({
  id: z.number().int(),
  mergeNo: z.string(),
  status: z.enum(Object.keys(MERGE_STATUS_TEXT) as [MergeStatus, ...MergeStatus[]]),
  statusText: z.string(),
  amount: z.number().int(),
  claimCount: z.number().int(),
  instituteName: z.string().nullable(),
  createdByName: z.string(),
  reason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MergeVO = z.infer<typeof MergeVO>;
export const MergePage = pageOf(MergeVO);

export const ClaimLineVO = z.object({
  subOrderId: z.number().int(),
  subNo: z.string(),
  orderNo: z.string(),
  supplierName: z.string(),
  amount: z.number().int(),
  lines: z.array(z.object({ name: z.string(), spec: z.string(), quantity: z.number(), unit: z.string(), amount: z.number().int() })),
  invoices: z.array(
    z.object({
      id: z.number().int(),
      number: z.string(),
      code: z.string().nullable(),
      kind: z.string(),
      amount: z.number().int(),
      exceptionAccepted: z.string().nullable(),
    }),
  ),
  matchState: z.enum(MATCH_STATES),
});
export const ClaimLogVO = z.object({
  actor: z.string(),
  actorText: z.string(),
  actorName: z.string().nullable(),
  action: z.string(),
  actionText: z.string(),
  fromStatus: z.string(),
  toStatus: z.string(),
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export const ClaimFileVO = z.object({
  id: z.number().int(),
  claimId: z.number().int(),
  name: z.string(),
  size: z.number().int(),
  mime: z.string(),
  url: z.string(),
});
export const ClaimDetailVO = ClaimVO.extend({
  subOrders: z.array(ClaimLineVO),
  logs: z.array(ClaimLogVO),
  files: z.array(ClaimFileVO),
  remark: z.string().nullable(),
});
export type ClaimDetailVO = z.infer<typeof ClaimDetailVO>;
export const MergeDetailVO = MergeVO.extend({ claims: z.array(ClaimVO) });
export type MergeDetailVO = z.infer<typeof MergeDetailVO>;

/** Counts for the badges: claims waiting for the caller at each step (0 where the caller does not act). */
export const WaitCountVO = z.object({ team: z.number().int(), institute: z.number().int(), finance: z.number().int() });
/** Counts of the caller's claims by status (page/count: 我的报销's tabs), and finance's merged claims waiting to complete. */
export const ClaimCountVO = z.object({ mine: z.record(z.string(), z.number().int()), mergeReview: z.number().int() });
export const FinanceAuthVO = z.object({ hasAuth: z.boolean(), instituteId: z.number().int().nullable(), instituteName: z.string().nullable() });
export const EwmVO = z.object({ token: z.string(), expiresAt: z.string(), image: z.string() });

/** An institute's settlement freeze: calendar days MM-DD (Shanghai), both set or both empty. */
const MonthDay = z
  .string()
  .regex(/^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, '日期格式应为 MM-DD')
  .nullable();
export const ClaimSettingBody = z
  .object({ freezeFrom: MonthDay, freezeTo: MonthDay })
  .strict()
  .refine((b) => (b.freezeFrom === null) === (b.freezeTo === null), { message: '结账期的开始与结束须同时填写或同时留空' });
export const ClaimSettingVO = z.object({ freezeFrom: z.string().nullable(), freezeTo: z.string().nullable(), frozenNow: z.string().nullable() });
export type ClaimSettingVO = z.infer<typeof ClaimSettingVO>;
