import { z } from 'zod';
import { Id, PageQuery } from '../platform/common.ts';
import { TaxRateSchema } from '../platform/tax.ts';
import { MATCH_STATES, SubOrderMatchSchema } from './invoices-match.ts';
import { PayStatusSchema } from './settlement.ts';

/**
 * Supplier invoices (发票): kinds, statuses, the upload body (with lines and what they bill), the
 * institute's upload rules and the answers of the invoice calls. Numbers, codes and tax ids are
 * strings everywhere: a 数电 number has 20 digits, beyond JavaScript's safe integers.
 */
export const INVOICE_KINDS = ['digital_special', 'digital_normal', 'paper_special', 'paper_normal', 'e_normal'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];
export const INVOICE_KIND_TEXT: Record<InvoiceKind, string> = {
  digital_special: '数电专票',
  digital_normal: '数电普票',
  paper_special: '纸质专票',
  paper_normal: '纸质普票',
  e_normal: '电子普票（旧）',
};
/** 数电发票 (全面数字化的电子发票): a 20-digit number from the tax authority and no 发票代码. */
export const isDigitalKind = (k: string) => k === 'digital_special' || k === 'digital_normal';

export const INVOICE_STATUSES = ['uploaded', 'matched', 'exception', 'claimed', 'red_flushed', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_STATUS_TEXT: Record<InvoiceStatus, string> = {
  uploaded: '已上传',
  matched: '已匹配',
  exception: '异常',
  claimed: '已报销',
  red_flushed: '已红冲',
  void: '已作废',
};

export const INVOICE_FILE_TYPES = ['pdf', 'ofd', 'xml', 'jpg', 'png'] as const;
export type InvoiceFileType = (typeof INVOICE_FILE_TYPES)[number];

/** Full-width to half-width, spaces removed, upper case: how a 纳税人识别号 or title is compared. */
export function normaliseTaxId(s: string): string {
  return s
    .replace(/[\uFF01-\uFF5E]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) - 0xfee0))
    .replace(/[\s\u3000]/g, '')
    .toUpperCase();
}
/** Titles compare with full-width brackets and spaces folded: （ ）and ( ) are the same on a fapiao. */
export const normaliseTitle = (s: string) => normaliseTaxId(s).replace(/（/g, '(').replace(/）/g, ')');

const TaxId = z
  .string()
  .trim()
  .min(15, '纳税人识别号应为 15–20 位')
  .max(20, '纳税人识别号应为 15–20 位')
  .regex(/^[0-9A-Za-z０-９Ａ-Ｚａ-ｚ]+$/, '纳税人识别号只能含数字和字母');
/** fen, within ±¥100,000,000 (no invoice comes near; keeps sums far inside safe integers) */
const Fen = z.number({ error: '金额应为整数（分）' }).int('金额应为整数（分）').min(-10_000_000_000, '金额超出范围').max(10_000_000_000, '金额超出范围');

/**
 * One printed line. `amount` is the line's tax-inclusive total in fen; excl and tax as printed may
 * be given, then excl + tax must equal amount; otherwise they are split from amount (splitTax).
 */
export const InvoiceLineInput = z
  .object({
    name: z.string().trim().min(1, '请填写项目名称').max(200),
    spec: z.string().trim().max(100).nullish(),
    unit: z.string().trim().max(20).nullish(),
    quantity: z
      .string()
      .trim()
      .regex(/^-?\d+(\.\d+)?$/, '数量格式不正确')
      .nullish(),
    amount: Fen,
    exclAmount: Fen.optional(),
    taxAmount: Fen.optional(),
    taxRate: TaxRateSchema,
  })
  .strict();
export type InvoiceLineInput = z.infer<typeof InvoiceLineInput>;

/** What an invoice bills: a sub-order at a rate (bucket billing) or one of its order lines (line billing), tax-inclusive fen. */
export const AllocationInput = z
  .object({
    subOrderId: Id,
    orderLineId: Id.nullish(),
    taxRate: TaxRateSchema,
    amount: Fen,
  })
  .strict();
export type AllocationInput = z.infer<typeof AllocationInput>;

export const InvoiceUploadBody = z
  .object({
    kind: z.enum(INVOICE_KINDS, { message: '发票种类不正确' }),
    /** 发票代码: only legacy invoices (10–12 digits) */
    code: z.string().trim().nullish(),
    number: z.string().trim().min(1, '请填写发票号码'),
    issueDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '开票日期格式应为 YYYY-MM-DD'),
    sellerName: z.string().trim().min(1, '请填写销售方名称').max(100),
    sellerTaxId: TaxId,
    buyerName: z.string().trim().min(1, '请填写购买方名称').max(100),
    buyerTaxId: TaxId,
    /** the totals printed on the invoice; when given they must equal the sums of the lines */
    exclAmount: Fen.optional(),
    taxAmount: Fen.optional(),
    totalAmount: Fen.optional(),
    lines: z.array(InvoiceLineInput).min(1, '至少一行发票明细').max(200, '发票明细最多 200 行'),
    /** bucket: one line like 试剂一批 with a list; lines: item lines, billed per order line */
    billing: z.enum(['bucket', 'lines']).default('bucket'),
    /** the sub-orders this invoice bills; spread over them by rate when allocations are not given */
    subOrderIds: z.array(Id).max(50, '一张发票最多对应 50 个子订单').default([]),
    allocations: z.array(AllocationInput).max(500).optional(),
    fileId: Id.nullish(),
    source: z.enum(['manual', 'xml', 'pdf']).default('manual'),
    remark: z.string().trim().max(200).nullish(),
    /** a red invoice (红字发票): the number of the blue invoice it reverses in full */
    blueNumber: z.string().trim().nullish(),
  })
  .strict()
  .superRefine((b, ctx) => {
    if (isDigitalKind(b.kind)) {
      if (b.code) ctx.addIssue({ code: 'custom', path: ['code'], message: '数电发票没有发票代码' });
      if (!/^\d{20}$/.test(b.number)) ctx.addIssue({ code: 'custom', path: ['number'], message: '数电发票号码应为 20 位数字' });
    } else {
      if (!b.code || !/^\d{10,12}$/.test(b.code)) ctx.addIssue({ code: 'custom', path: ['code'], message: '发票代码应为 10–12 位数字' });
      if (!/^\d{8}$/.test(b.number)) ctx.addIssue({ code: 'custom', path: ['number'], message: '发票号码应为 8 位数字' });
    }
    if (!b.allocations && b.subOrderIds.length === 0 && !b.blueNumber)
      ctx.addIssue({ code: 'custom', path: ['subOrderIds'], message: '请选择发票对应的子订单' });
  });
export type InvoiceUploadBody = z.infer<typeof InvoiceUploadBody>;

export const InvoiceLineVO = z.object({
  id: z.number().int(),
  name: z.string(),
  spec: z.string().nullable(),
  unit: z.string().nullable(),
  quantity: z.string().nullable(),
  exclAmount: z.number().int(),
  taxRate: z.string(),
  taxAmount: z.number().int(),
});
export const AllocationVO = z.object({
  subOrderId: z.number().int(),
  subNo: z.string(),
  orderLineId: z.number().int().nullable(),
  taxRate: z.string(),
  amount: z.number().int(),
});
export const InvoiceVO = z.object({
  id: z.number().int(),
  kind: z.enum(INVOICE_KINDS),
  kindText: z.string(),
  code: z.string().nullable(),
  number: z.string(),
  issueDate: z.string(),
  supplierId: z.number().int(),
  instituteId: z.number().int(),
  sellerName: z.string(),
  sellerTaxId: z.string(),
  buyerName: z.string(),
  buyerTaxId: z.string(),
  exclAmount: z.number().int(),
  taxAmount: z.number().int(),
  totalAmount: z.number().int(),
  billing: z.string(),
  status: z.enum(INVOICE_STATUSES),
  statusText: z.string(),
  exception: z.string().nullable(),
  exceptionAccepted: z.object({ by: z.string().nullable(), reason: z.string(), at: z.string() }).nullable(),
  /** a red invoice: the number of the blue one it reverses */
  blueNumber: z.string().nullable(),
  /** a blue invoice that was red-flushed: the red one's number */
  redNumber: z.string().nullable(),
  source: z.string(),
  fileName: z.string().nullable(),
  fileUrl: z.string().nullable(),
  remark: z.string().nullable(),
  createdAt: z.string(),
  subNos: z.array(z.string()),
  /** 未付款 / 付款中 / 部分付款 / 已付款, from the statements settling its sub-orders (PAY_STATUS_TEXT) */
  payStatus: PayStatusSchema.optional(),
});
export type InvoiceVO = z.infer<typeof InvoiceVO>;
export const InvoiceDetailVO = InvoiceVO.extend({ lines: z.array(InvoiceLineVO), allocations: z.array(AllocationVO) });
export type InvoiceDetailVO = z.infer<typeof InvoiceDetailVO>;

export const InvoiceListQuery = PageQuery.extend({
  number: z.string().trim().max(20).optional(),
  subNo: z.string().trim().max(40).optional(),
  status: z.enum(INVOICE_STATUSES).optional(),
  instituteId: z.coerce.number().int().positive().optional(),
}).strict();
export type InvoiceListQuery = z.infer<typeof InvoiceListQuery>;

/** A sub-order's invoices with its match: what /mall/v1/invoice/getInvoiceList/{subOrderId} answers. */
export const SubOrderInvoicesVO = z.object({
  subOrderId: z.number().int(),
  subNo: z.string(),
  match: SubOrderMatchSchema,
  invoices: z.array(InvoiceDetailVO),
  /** YYYY-MM-DD the supplier must invoice by (acceptance + the institute's days), null before acceptance */
  deadline: z.string().nullable(),
});
export type SubOrderInvoicesVO = z.infer<typeof SubOrderInvoicesVO>;

/** The supplier's accepted sub-orders and how far they are billed (发票管理, 待开票). */
export const BillableQuery = PageQuery.extend({
  subNo: z.string().trim().max(40).optional(),
  instituteId: z.coerce.number().int().positive().optional(),
  match: z.enum(MATCH_STATES).optional(),
}).strict();
export type BillableQuery = z.infer<typeof BillableQuery>;
export const BillableVO = z.object({
  subOrderId: z.number().int(),
  subNo: z.string(),
  orderNo: z.string(),
  instituteId: z.number().int(),
  instituteName: z.string(),
  buyerTitle: z.string().nullable(),
  buyerTaxId: z.string().nullable(),
  totalAmount: z.number().int(),
  acceptedAt: z.string().nullable(),
  deadline: z.string().nullable(),
  daysLeft: z.number().int().nullable(),
  match: SubOrderMatchSchema,
  lines: z.array(z.object({ id: z.number().int(), name: z.string(), spec: z.string(), amount: z.number().int(), taxRate: z.string(), quantity: z.number() })),
});
export type BillableVO = z.infer<typeof BillableVO>;

/** An institute's upload rules (getInvoiceUploadLimit) and its invoice identity and terms. */
export const InvoiceLimitVO = z.object({
  instituteId: z.number().int(),
  instituteName: z.string(),
  buyerTitle: z.string(),
  buyerTaxId: z.string(),
  filesPerSub: z.number().int(),
  maxFileMb: z.number().int(),
  fileTypes: z.array(z.string()),
  deadlineDays: z.number().int(),
  verifyThreshold: z.number().int(),
  overBillAllowance: z.number().int(),
  paperRequired: z.boolean(),
  invoiceType: z.string(),
  invoiceTime: z.string(),
  payTime: z.string(),
});
export type InvoiceLimitVO = z.infer<typeof InvoiceLimitVO>;
export const InvoiceLimitQuery = z.object({ instituteId: z.coerce.number().int().positive().optional(), t: z.string().optional() }).strict();
export const InvoiceLimitBody = z
  .object({
    /** platform admin names the institute; finance updates its own */
    instituteId: Id.optional(),
    buyerTitle: z.string().trim().min(2, '请填写发票抬头').max(100),
    buyerTaxId: z.string().trim(),
    filesPerSub: z.number().int().min(1, '每个子订单至少可传 1 个文件').max(50, '每个子订单最多 50 个文件'),
    maxFileMb: z.number().int().min(1).max(10, '单个文件最大 10 MB'),
    fileTypes: z.array(z.enum(INVOICE_FILE_TYPES)).min(1, '至少允许一种文件类型'),
    deadlineDays: z.number().int().min(4, '开票期限至少 4 天').max(180, '开票期限最长 180 天'),
    verifyThreshold: z.number().int().min(0),
    overBillAllowance: z.number().int().min(0).max(100_000, '超开容差最多 ¥1,000.00'),
    paperRequired: z.boolean(),
    invoiceType: z.string().trim().min(1).max(40),
    invoiceTime: z.string().trim().min(1).max(100),
    payTime: z.string().trim().min(1).max(100),
  })
  .strict();
export type InvoiceLimitBody = z.infer<typeof InvoiceLimitBody>;

export const AcceptExceptionBody = z.object({ id: Id, reason: z.string().trim().min(2, '请填写接受异常的原因').max(200) }).strict();
export const InvoiceParseBody = z.object({ fileId: Id }).strict();

/** Fields read from an invoice file for the supplier to confirm (nothing is stored). */
export const ParsedInvoiceVO = z.object({
  source: z.enum(['xml', 'pdf']),
  kind: z.enum(INVOICE_KINDS).nullable(),
  code: z.string().nullable(),
  number: z.string().nullable(),
  issueDate: z.string().nullable(),
  sellerName: z.string().nullable(),
  sellerTaxId: z.string().nullable(),
  buyerName: z.string().nullable(),
  buyerTaxId: z.string().nullable(),
  exclAmount: z.number().int().nullable(),
  taxAmount: z.number().int().nullable(),
  totalAmount: z.number().int().nullable(),
  lines: z.array(InvoiceLineInput),
  /** what could not be read, in Chinese */
  warnings: z.array(z.string()),
});
export type ParsedInvoiceVO = z.infer<typeof ParsedInvoiceVO>;

export { InvoiceTerms } from './invoices-terms.ts';
