import { z } from 'zod';
import { Id, PageQuery, pageOf } from '../platform/common.ts';

/**
 * 对账结算: monthly statements (对账单) per supplier and institute, the supplier's confirmation or
 * per-line disputes, finance's approval, payments with a bank reference allocated to statements, the
 * institute's settlement rule (checkRule), and the settlement batches an institute's finance system
 * reports through the API (zkpd settleBillBatch). docs/STATEMENT-STATES.md describes the states;
 * the server's table is settlement/statement-states.ts. Money is integer fen.
 */
export const STATEMENT_STATUS_TEXT = {
  draft: '草稿',
  sent: '待供应商确认',
  supplier_confirmed: '供应商已确认',
  disputed: '有异议',
  finance_approved: '财务已审核',
  partially_paid: '部分付款',
  paid: '已付款',
  closed: '已关闭',
  cancelled: '已作废',
} as const;
export type StatementStatus = keyof typeof STATEMENT_STATUS_TEXT;
export const STATEMENT_STATUSES = Object.keys(STATEMENT_STATUS_TEXT) as StatementStatus[];

export const STATEMENT_ACTION_TEXT = {
  generate: '生成对账单',
  send: '发送供应商',
  cancel: '作废',
  confirm: '供应商确认',
  dispute: '供应商提出异议',
  correct: '更正异议行',
  remove: '移除异议行',
  resend: '重新发送',
  approve: '财务审核',
  pay: '登记付款',
  close: '关闭',
} as const;

/** Pay status of a sub-order or an invoice (docs/domains/finance.md#pay-status: unpaid → in_payment → partially_paid → paid). */
export const PAY_STATUS_TEXT = { unpaid: '未付款', in_payment: '付款中', partially_paid: '部分付款', paid: '已付款' } as const;
export type PayStatus = keyof typeof PAY_STATUS_TEXT;
export const PayStatusSchema = z.enum(['unpaid', 'in_payment', 'partially_paid', 'paid']);

export const LINE_KIND_TEXT = { accepted: '验收', refund: '退货' } as const;
/** Shown on a statement line, a sub-order and the owed figures while a complaint on the sub-order is open. */
export const COMPLAINT_HOLD_TEXT = '投诉处理中';
export const DISPUTE_TEXT = { none: '', disputed: '有异议', corrected: '已更正', removed: '已移除' } as const;

const Month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, '月份格式应为 YYYY-MM');
const Reason = z.string().trim().min(2, '请填写原因（至少 2 个字）').max(500, '原因最多 500 字');
const Fen = z.number({ error: '金额必须为数字（分）' }).int('金额以分计，必须为整数').min(0, '金额不能为负').max(100_000_000_000, '金额过大');
const PosFen = Fen.min(1, '金额必须大于 0');
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 YYYY-MM-DD');
const BankRef = z.string().trim().min(4, '银行流水号至少 4 位').max(64, '银行流水号最多 64 位');

// ── lists ────────────────────────────────────────────────────────────────
export const DoneOrderQuery = PageQuery.extend({
  supplierId: Id.optional(),
  /** the platform admin picks an institute; institute finance always sees its own */
  instituteId: Id.optional(),
  /** accepted (or refunded) in this month */
  month: Month.optional(),
  subNo: z.string().trim().max(40).optional(),
}).strict();

export const DoneOrderVO = z.object({
  subOrderId: z.number().int(),
  subNo: z.string(),
  orderNo: z.string(),
  supplierId: z.number().int(),
  supplierName: z.string(),
  instituteId: z.number().int(),
  instituteName: z.string(),
  status: z.string(),
  amount: z.number().int(),
  /** when the checker accepted it (or the refund was confirmed) */
  doneAt: z.string(),
  /** a complaint on the sub-order is open: its settlement and payment are on hold (投诉处理中) */
  onHold: z.boolean(),
});
export const DoneOrderPage = pageOf(DoneOrderVO);

export const StatementQuery = PageQuery.extend({
  status: z.enum(STATEMENT_STATUSES as [StatementStatus, ...StatementStatus[]]).optional(),
  supplierId: Id.optional(),
  instituteId: Id.optional(),
  month: Month.optional(),
  statementNo: z.string().trim().max(40).optional(),
}).strict();

export const StatementVO = z.object({
  id: z.number().int(),
  statementNo: z.string(),
  instituteId: z.number().int(),
  instituteName: z.string(),
  supplierId: z.number().int(),
  supplierName: z.string(),
  month: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  status: z.enum(STATEMENT_STATUSES as [StatementStatus, ...StatementStatus[]]),
  statusText: z.string(),
  lineCount: z.number().int(),
  disputedCount: z.number().int(),
  grossAmount: z.number().int(),
  deductionAmount: z.number().int(),
  netAmount: z.number().int(),
  paidAmount: z.number().int(),
  openAmount: z.number().int(),
  lastReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StatementVO = z.infer<typeof StatementVO>;
export const StatementPage = pageOf(StatementVO);

export const StatementLineVO = z.object({
  id: z.number().int(),
  subOrderId: z.number().int(),
  subNo: z.string(),
  orderNo: z.string(),
  kind: z.enum(['accepted', 'refund']),
  doneAt: z.string(),
  ordered: z.number().int(),
  accepted: z.number().int(),
  invoiced: z.number().int(),
  claimed: z.number().int(),
  paid: z.number().int(),
  /** what the statement settles for this line (finance may correct a disputed line) */
  amount: z.number().int(),
  originalAmount: z.number().int(),
  payStatus: PayStatusSchema,
  dispute: z.enum(['none', 'disputed', 'corrected', 'removed']),
  disputeReason: z.string().nullable(),
  correctionNote: z.string().nullable(),
  /** the after-sales request a negative refund line carries (null on the sub-order's own line) */
  refundNo: z.string().nullable(),
  /** a complaint on the sub-order is open: no payment may reach this line (投诉处理中) */
  onHold: z.boolean(),
});
export type StatementLineVO = z.infer<typeof StatementLineVO>;

/** fixed and percent: the institute's deductions (checkRule); carry: an earlier statement's credit (its net was below 0) */
export const DeductionKind = z.enum(['fixed', 'percent', 'carry']);
export type DeductionKind = z.infer<typeof DeductionKind>;
export const DeductionVO = z.object({ name: z.string(), kind: DeductionKind, value: z.number().int(), amount: z.number().int() });
/** A statement whose net is below 0 leaves the supplier owing the institute; later statements deduct it as they are made. */
export const StatementCreditVO = z.object({
  amount: z.number().int(),
  carried: z.number().int(),
  left: z.number().int(),
  carriedTo: z.array(z.object({ statementId: z.number().int(), statementNo: z.string(), month: z.string(), amount: z.number().int() })),
});
export const StatementLogVO = z.object({
  action: z.string(),
  actionText: z.string(),
  actorName: z.string(),
  fromStatus: z.string(),
  toStatus: z.string(),
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export const AllocationVO = z.object({
  paymentId: z.number().int(),
  paymentNo: z.string(),
  bankRef: z.string(),
  paidOn: z.string(),
  amount: z.number().int(),
  source: z.enum(['manual', 'api']),
});

export const StatementLinesQuery = PageQuery.extend({
  /** only lines with a dispute (open or handled) */
  disputed: z.enum(['1', '0']).optional(),
}).strict();

export const StatementDetailVO = StatementVO.extend({
  grossUppercase: z.string(),
  netUppercase: z.string(),
  deductions: z.array(DeductionVO),
  credit: StatementCreditVO.nullable(),
  lines: pageOf(StatementLineVO),
  log: z.array(StatementLogVO),
  payments: z.array(AllocationVO),
});

// ── finance moves ────────────────────────────────────────────────────────
export const GenerateBody = z
  .object({
    supplierId: Id,
    month: Month,
    /** the platform admin names the institute; institute finance generates for its own */
    instituteId: Id.optional(),
  })
  .strict();
export const StatementIdBody = z.object({ id: Id }).strict();
export const CorrectLineBody = z.object({ id: Id, lineId: Id, amount: Fen, note: Reason }).strict();
export const RemoveLineBody = z.object({ id: Id, lineId: Id, note: Reason }).strict();

// ── supplier moves ───────────────────────────────────────────────────────
export const DisputeBody = z
  .object({
    id: Id,
    lines: z
      .array(z.object({ lineId: Id, reason: Reason }).strict())
      .min(1, '请选择有异议的行')
      .max(500, '一次最多 500 行'),
  })
  .strict();

// ── payments and the admin's check calls ───────────────────────────────
export const PaymentBody = z
  .object({
    bankRef: BankRef,
    paidOn: Day,
    remark: z.string().trim().max(200).optional(),
    allocations: z
      .array(z.object({ statementId: Id, amount: PosFen }).strict())
      .min(1, '请选择要付款的对账单')
      .max(100, '一次最多 100 张对账单'),
  })
  .strict();
export const PaymentVO = z.object({
  id: z.number().int(),
  paymentNo: z.string(),
  instituteId: z.number().int(),
  instituteName: z.string(),
  supplierId: z.number().int(),
  supplierName: z.string(),
  bankRef: z.string(),
  paidOn: z.string(),
  amount: z.number().int(),
  source: z.enum(['manual', 'api']),
  remark: z.string().nullable(),
  createdAt: z.string(),
  statements: z.array(z.object({ statementId: z.number().int(), statementNo: z.string(), amount: z.number().int() })),
});

export const OwedQuery = z.object({ instituteId: Id.optional(), supplierId: Id.optional(), t: z.string().optional() }).strict();
export const OwedVO = z.object({
  supplierId: z.number().int(),
  supplierName: z.string(),
  instituteId: z.number().int(),
  instituteName: z.string(),
  statementCount: z.number().int(),
  netAmount: z.number().int(),
  paidAmount: z.number().int(),
  /** what can be paid now: approved, unpaid, and not on hold for an open complaint */
  owedAmount: z.number().int(),
  owedUppercase: z.string(),
  /** unpaid fen of lines on hold while a complaint on their sub-order is open (not in owedAmount) */
  heldAmount: z.number().int(),
});

export const SettledQuery = PageQuery.extend({
  instituteId: Id.optional(),
  supplierId: Id.optional(),
  dateFrom: Day.optional(),
  dateTo: Day.optional(),
}).strict();
export const SettledVO = z.object({
  supplierId: z.number().int(),
  supplierName: z.string(),
  instituteId: z.number().int(),
  instituteName: z.string(),
  paymentCount: z.number().int(),
  paidAmount: z.number().int(),
  lastPaidOn: z.string(),
});
export const SettledPage = pageOf(SettledVO);
export const SettledDataPage = pageOf(PaymentVO);

// ── checkRule ────────────────────────────────────────────────────────────
/** Sub-order states a statement may take: accepted ones, and refunds (shown with nothing due). */
export const COUNTED_STATES = ['completed', 'refunded'] as const;
export const DeductionRule = z
  .object({
    name: z.string().trim().min(1, '请填写扣款名称').max(30, '扣款名称最多 30 字'),
    kind: z.enum(['fixed', 'percent']),
    /** fixed: fen; percent: basis points (100 = 1%) */
    value: z.number().int('扣款数值必须为整数').min(1, '扣款数值必须大于 0').max(100_000_000, '扣款数值过大'),
  })
  .strict()
  .refine((d) => d.kind !== 'percent' || d.value <= 10_000, { message: '扣款比例不能超过 100%' });
export const CheckRuleBody = z
  .object({
    instituteId: Id.optional(),
    period: z.literal('monthly', { error: '结算周期目前仅支持按月' }),
    /** 1–28: a month's period ends on this day; 0: at the calendar month's end */
    cutoffDay: z.number().int().min(0, '截止日为 0（月末）或 1–28').max(28, '截止日为 0（月末）或 1–28'),
    countStates: z.array(z.enum(COUNTED_STATES)).min(1, '至少选择一种计入对账的订单状态'),
    deductions: z.array(DeductionRule).max(10, '最多 10 项扣款'),
  })
  .strict();
export const CheckRuleQuery = z.object({ instituteId: Id.optional(), t: z.string().optional() }).strict();
export const CheckRuleVO = z.object({
  instituteId: z.number().int(),
  instituteName: z.string(),
  period: z.literal('monthly'),
  cutoffDay: z.number().int(),
  countStates: z.array(z.enum(COUNTED_STATES)),
  deductions: z.array(z.object({ name: z.string(), kind: z.enum(['fixed', 'percent']), value: z.number().int() })),
  /** false: nothing saved yet, these are the defaults */
  saved: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type CheckRuleVO = z.infer<typeof CheckRuleVO>;

// ── zkpd settleBillBatch ─────────────────────────────────────────────────
export const SettleBillBatchBody = z
  .object({
    batchNo: z.string().trim().min(1, '请填写批次号').max(64, '批次号最多 64 位'),
    bills: z
      .array(z.object({ statementNo: z.string().trim().min(1).max(40), amount: PosFen, bankRef: BankRef, paidOn: Day }).strict())
      .min(1, '批次中没有结算单')
      .max(200, '一个批次最多 200 张结算单'),
  })
  .strict();
export const SettleBillResult = z.object({
  batchNo: z.string(),
  /** true: this batch was processed before; nothing changed this time */
  repeated: z.boolean(),
  processedAt: z.string(),
  bills: z.array(
    z.object({
      statementNo: z.string(),
      supplierName: z.string(),
      supplierCreditCode: z.string(),
      amount: z.number().int(),
      bankRef: z.string(),
      paidOn: z.string(),
      statementNet: z.number().int(),
      statementPaid: z.number().int(),
      status: z.string(),
      statusText: z.string(),
    }),
  ),
});
export type SettleBillResult = z.infer<typeof SettleBillResult>;
