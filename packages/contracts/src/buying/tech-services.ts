import { z } from 'zod';
import { Id, PageQuery, pageOf } from '../platform/common.ts';
import { TaxRateSchema } from '../platform/tax.ts';

/**
 * 技术服务 (docs/domains/buying.md#tech-services): a supplier's service items (测序、合成、检测……) with the sample form
 * the buyer fills, and the buyer's requests moving
 * requested → quoted → accepted → samples_sent → in_progress → report_delivered → completed
 * (cancelled by the buyer before the samples go, refused by the supplier before acceptance).
 * Money in fen; the quote's tax is computed by the server (6% service VAT unless the item says otherwise).
 */

export const TECH_CATEGORIES = ['测序', '合成', '检测', '分析', '细胞与动物', '其他'] as const;
export type TechCategory = (typeof TECH_CATEGORIES)[number];
export const TechCategorySchema = z.enum(TECH_CATEGORIES, { error: '服务类别不正确' });

/** The default VAT of a technical service (现代服务业 6%). */
export const TECH_DEFAULT_TAX_RATE = '6' as const;

// ── the sample form ─────────────────────────────────────────────────────────
export const SAMPLE_FIELD_TYPES = ['text', 'number', 'select', 'textarea'] as const;
export const SAMPLE_FIELD_TYPE_TEXT: Record<(typeof SAMPLE_FIELD_TYPES)[number], string> = {
  text: '文本',
  number: '数字',
  select: '选项',
  textarea: '多行文本',
};
export const SAMPLE_FORM_MAX_FIELDS = 20;
/** Samples (rows of the form) one request may carry: a 96-well plate. */
export const SAMPLE_ROWS_MAX = 96;

export const SampleField = z
  .object({
    key: z.string().regex(/^[a-zA-Z][a-zA-Z0-9_]{0,31}$/, '字段标识应为字母开头的字母、数字或下划线（至多 32 位）'),
    label: z.string().trim().min(1, '请填写字段名称').max(20, '字段名称最多 20 字'),
    type: z.enum(SAMPLE_FIELD_TYPES, { error: '字段类型应为 文本、数字、选项 或 多行文本' }),
    required: z.boolean().default(false),
    /** choices of a select field */
    options: z.array(z.string().trim().min(1).max(30)).max(30, '选项最多 30 个').optional(),
    /** shown after a number (ng/μL, bp …) */
    unit: z.string().trim().max(10, '单位最多 10 字').optional(),
    min: z.number().optional(),
    max: z.number().optional(),
  })
  .strict()
  .superRefine((f, ctx) => {
    if (f.type === 'select' && !(f.options && f.options.length > 0)) ctx.addIssue({ code: 'custom', message: `字段“${f.label}”是选项类型，请填写选项` });
    if (f.type !== 'select' && f.options?.length) ctx.addIssue({ code: 'custom', message: `字段“${f.label}”不是选项类型，不能有选项` });
    if (f.type !== 'number' && (f.min !== undefined || f.max !== undefined))
      ctx.addIssue({ code: 'custom', message: `字段“${f.label}”不是数字类型，不能设最小值或最大值` });
    if (f.min !== undefined && f.max !== undefined && f.min > f.max) ctx.addIssue({ code: 'custom', message: `字段“${f.label}”的最小值大于最大值` });
  });
export type SampleField = z.infer<typeof SampleField>;

export const SampleForm = z
  .array(SampleField)
  .min(1, '样品信息表至少一个字段')
  .max(SAMPLE_FORM_MAX_FIELDS, `样品信息表最多 ${SAMPLE_FORM_MAX_FIELDS} 个字段`)
  .superRefine((fields, ctx) => {
    const seen = new Set<string>();
    for (const f of fields) {
      if (seen.has(f.key)) ctx.addIssue({ code: 'custom', message: `字段标识 ${f.key} 重复` });
      seen.add(f.key);
    }
  });
export type SampleForm = z.infer<typeof SampleForm>;

/** The form most services start from: sample name, type, count, concentration. */
export const DEFAULT_SAMPLE_FORM: SampleForm = [
  { key: 'name', label: '样品名称', type: 'text', required: true },
  { key: 'type', label: '样品类型', type: 'select', required: true, options: ['质粒', 'PCR 产物', '菌液', '基因组 DNA', '其他'] },
  { key: 'count', label: '数量', type: 'number', required: true, min: 1, max: 1000 },
  { key: 'concentration', label: '浓度', type: 'number', required: false, unit: 'ng/μL', min: 0 },
];

export type SampleValue = string | number;
export const SampleRow = z.record(z.string(), z.union([z.string().max(500, '单项内容最多 500 字'), z.number()]));
export type SampleRow = z.infer<typeof SampleRow>;

/**
 * The schema of one sample row under a form: the same check on the web (before sending) and on the
 * server (never trusting the web). Unknown keys are refused; empty optional values are dropped.
 */
export function sampleRowSchema(form: SampleForm) {
  const shape: Record<string, z.ZodTypeAny> = {};
  for (const f of form) {
    let s: z.ZodTypeAny;
    if (f.type === 'number') {
      let n = z.coerce.number({ error: `${f.label}应为数字` }).refine(Number.isFinite, `${f.label}应为数字`);
      if (f.min !== undefined) n = n.refine((v) => v >= (f.min as number), `${f.label}不能小于 ${f.min}`);
      if (f.max !== undefined) n = n.refine((v) => v <= (f.max as number), `${f.label}不能大于 ${f.max}`);
      s = n;
    } else if (f.type === 'select') {
      s = z.enum(f.options as [string, ...string[]], { error: `${f.label}应为：${(f.options ?? []).join('、')}` });
    } else {
      s = z
        .string({ error: `${f.label}应为文字` })
        .trim()
        .min(1, `请填写${f.label}`)
        .max(f.type === 'textarea' ? 500 : 100, `${f.label}过长`);
    }
    // blank optional values are dropped; a missing required one is reported below by its label
    shape[f.key] = z.preprocess((v) => (v === undefined || v === null || v === '' ? undefined : v), s.optional());
  }
  return z
    .object(shape)
    .strict()
    .superRefine((row, ctx) => {
      for (const f of form) if (f.required && row[f.key] === undefined) ctx.addIssue({ code: 'custom', path: [f.key], message: `请填写${f.label}` });
    });
}

/** Checks each row; answers the cleaned rows or the first problem as "第 N 个样品：…". */
export function checkSamples(form: SampleForm, rows: SampleRow[]): { ok: true; rows: Record<string, SampleValue>[] } | { ok: false; message: string } {
  const schema = sampleRowSchema(form);
  const out: Record<string, SampleValue>[] = [];
  for (const [i, r] of rows.entries()) {
    const res = schema.safeParse(r);
    if (!res.success) {
      const issue = res.error.issues[0];
      const msg = issue.code === 'unrecognized_keys' ? `样品信息表没有字段 ${issue.keys.join('、')}` : issue.message;
      return { ok: false, message: `第 ${i + 1} 个样品：${msg}` };
    }
    const clean: Record<string, SampleValue> = {};
    for (const [k, v] of Object.entries(res.data)) if (v !== undefined) clean[k] = v as SampleValue;
    out.push(clean);
  }
  return { ok: true, rows: out };
}

// ── service items ──────────────────────────────────────────────────────────
const money = z.number({ error: '金额应为数字（分）' }).int('金额以分为单位').positive('金额应大于 0').max(100_000_000_00, '金额过大');

export const TechItemBody = z
  .object({
    name: z.string().trim().min(1, '请填写服务名称').max(50, '服务名称最多 50 字'),
    category: TechCategorySchema,
    description: z.string().trim().max(2000, '服务说明最多 2000 字').default(''),
    /** fen per unit, tax included; null = 询价 */
    price: money.nullable(),
    /** what one price buys: 反应、样品、条…… */
    unit: z.string().trim().min(1, '请填写计价单位').max(8, '计价单位最多 8 字'),
    turnaroundDays: z.number().int('周期应为整数天').min(1, '周期至少 1 天').max(365, '周期最多 365 天'),
    taxRate: TaxRateSchema.default(TECH_DEFAULT_TAX_RATE),
    sampleForm: SampleForm,
    active: z.boolean().default(true),
  })
  .strict();
export type TechItemBody = z.infer<typeof TechItemBody>;
export const TechItemUpdateBody = z.object({ id: Id, item: TechItemBody }).strict();
export const TechItemStatusBody = z.object({ id: Id, active: z.boolean() }).strict();

export const TechItemVO = z.object({
  id: z.number().int(),
  supplierId: z.number().int(),
  supplierName: z.string(),
  name: z.string(),
  category: z.string(),
  description: z.string(),
  price: z.number().int().nullable(),
  unit: z.string(),
  turnaroundDays: z.number().int(),
  taxRate: z.string(),
  sampleForm: SampleForm,
  active: z.boolean(),
  updatedAt: z.string(),
});
export type TechItemVO = z.infer<typeof TechItemVO>;
export const TechItemPage = pageOf(TechItemVO);

const keyword = z.string().trim().max(50, '关键词最多 50 字').optional();
export const TechItemQuery = PageQuery.extend({
  category: TechCategorySchema.optional(),
  keyword,
  /** supplier's own list: 'active' | 'inactive' */
  status: z.enum(['active', 'inactive']).optional(),
}).strict();
/** The public list (/techService): active items of suppliers in good standing. */
export const PublicTechItemQuery = PageQuery.extend({ category: TechCategorySchema.optional(), keyword }).strict();

// ── requests ───────────────────────────────────────────────────────────────
export const TECH_REQUEST_STATUSES = [
  'requested',
  'quoted',
  'accepted',
  'samples_sent',
  'in_progress',
  'report_delivered',
  'completed',
  'cancelled',
  'refused',
] as const;
export type TechRequestStatus = (typeof TECH_REQUEST_STATUSES)[number];
export const TECH_REQUEST_STATUS_TEXT: Record<TechRequestStatus, string> = {
  requested: '待报价',
  quoted: '已报价',
  accepted: '已确认',
  samples_sent: '样品已寄出',
  in_progress: '检测中',
  report_delivered: '报告已交付',
  completed: '已完成',
  cancelled: '已取消',
  refused: '已拒绝',
};
/** Requests whose amount the buyer has committed to (counted as spend for the team and the institute). */
export const TECH_COMMITTED: TechRequestStatus[] = ['accepted', 'samples_sent', 'in_progress', 'report_delivered', 'completed'];

export const TECH_ACTIONS = ['quote', 'refuse', 'cancel', 'accept', 'sendSamples', 'start', 'deliver', 'complete'] as const;
export type TechAction = (typeof TECH_ACTIONS)[number];
export const TECH_ACTION_TEXT: Record<TechAction, string> = {
  quote: '报价',
  refuse: '拒绝委托',
  cancel: '取消委托',
  accept: '确认报价',
  sendSamples: '寄出样品',
  start: '开始检测',
  deliver: '交付报告',
  complete: '确认完成',
};

export const TechRequestBody = z
  .object({
    serviceId: Id,
    samples: z.array(SampleRow).min(1, '请至少填写一个样品').max(SAMPLE_ROWS_MAX, `一次委托最多 ${SAMPLE_ROWS_MAX} 个样品`),
    contactPhone: z.string().regex(/^1[3-9]\d{9}$/, '手机号格式不正确'),
    remark: z.string().trim().max(500, '备注最多 500 字').default(''),
  })
  .strict();
export type TechRequestBody = z.infer<typeof TechRequestBody>;

export const TechQuoteBody = z
  .object({
    id: Id,
    /** fen per unit, tax included */
    unitPrice: money,
    quantity: z.number().int('数量应为整数').min(1, '数量至少 1').max(10_000, '数量最多 10000'),
    note: z.string().trim().max(500, '报价说明最多 500 字').default(''),
  })
  .strict();
export const TechReasonBody = z.object({ id: Id, reason: z.string().trim().min(1, '请填写原因').max(200, '原因最多 200 字') }).strict();
export const TechSendBody = z
  .object({
    id: Id,
    carrier: z.string().trim().min(1, '请填写快递公司').max(20, '快递公司最多 20 字'),
    trackingNo: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9-]{6,30}$/, '快递单号应为 6–30 位字母或数字'),
  })
  .strict();
export const TechDeliverBody = z
  .object({
    id: Id,
    fileIds: z.array(Id).min(1, '请上传报告文件').max(10, '报告文件最多 10 个'),
    note: z.string().trim().max(500, '说明最多 500 字').default(''),
  })
  .strict();
export const TechIdBody = z.object({ id: Id }).strict();

export const TechRequestQuery = PageQuery.extend({
  status: z.enum(TECH_REQUEST_STATUSES, { error: '状态不正确' }).optional(),
  keyword,
}).strict();
/** The buyer side: mine, the teams I lead, or my institute (owner and finance). */
export const TECH_SCOPES = ['mine', 'team', 'institute'] as const;
export const BuyerTechRequestQuery = TechRequestQuery.extend({ scope: z.enum(TECH_SCOPES, { error: '范围不正确' }).default('mine') }).strict();
export const TechSummaryQuery = z.object({ scope: z.enum(TECH_SCOPES, { error: '范围不正确' }).default('mine'), t: z.string().optional() }).strict();

export const TechRequestVO = z.object({
  id: z.number().int(),
  requestNo: z.string(),
  serviceId: z.number().int(),
  serviceName: z.string(),
  category: z.string(),
  supplierId: z.number().int(),
  supplierName: z.string(),
  buyerId: z.number().int(),
  buyerName: z.string(),
  instituteName: z.string(),
  teamName: z.string().nullable(),
  status: z.enum(TECH_REQUEST_STATUSES),
  sampleCount: z.number().int(),
  unitPrice: z.number().int().nullable(),
  quantity: z.number().int().nullable(),
  /** tax included, fen; null until quoted */
  amount: z.number().int().nullable(),
  amountExTax: z.number().int().nullable(),
  taxAmount: z.number().int().nullable(),
  taxRate: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TechRequestVO = z.infer<typeof TechRequestVO>;
export const TechRequestPage = pageOf(TechRequestVO);

export const TechLogVO = z.object({
  action: z.string(),
  fromStatus: z.string().nullable(),
  toStatus: z.string(),
  actorName: z.string(),
  note: z.string().nullable(),
  createdAt: z.string(),
});
export const TechReportVO = z.object({ fileId: z.number().int(), name: z.string(), url: z.string() });
export const TechRequestDetail = TechRequestVO.extend({
  sampleForm: SampleForm,
  samples: z.array(z.record(z.string(), z.union([z.string(), z.number()]))),
  contactPhone: z.string(),
  remark: z.string(),
  quoteNote: z.string().nullable(),
  carrier: z.string().nullable(),
  trackingNo: z.string().nullable(),
  reason: z.string().nullable(),
  reportNote: z.string().nullable(),
  reports: z.array(TechReportVO),
  logs: z.array(TechLogVO),
  /** the moves the caller may make now */
  actions: z.array(z.enum(TECH_ACTIONS)),
});
export type TechRequestDetail = z.infer<typeof TechRequestDetail>;

export const TechSummaryVO = z.object({
  /** requests and tax-included amount the buyer side has committed to (accepted and beyond) */
  committedCount: z.number().int(),
  committedAmount: z.number().int(),
  /** requests waiting for the buyer (quoted, report delivered) */
  waitingCount: z.number().int(),
});

export const SellerStatusQuery = z.object({ serviceId: Id.optional(), supplierId: Id.optional(), t: z.string().optional() }).strict();
export const SellerStatusVO = z.object({ supplierId: z.number().int(), supplierName: z.string(), active: z.literal(true) });
