import { z } from 'zod';
import { Email, Id, namedStatus, PageQuery, Password, Phone } from '../platform/common.ts';
import { isValidUscc, usccCheckChar, usccProblem } from '../platform/uscc.ts';

export const SupplierStatus = { PENDING: 0, ACTIVE: 1, REFUSED: 2, DISABLED: 3 } as const;
export const SUPPLIER_STATUS_LABELS: Record<number, string> = { 0: '待审核', 1: '已通过', 2: '已驳回', 3: '已停用' };

/** 统一社会信用代码: shape and GB 32100 check character, so every body carrying one is refused with the field when wrong. */
export const CreditCode = z
  .string()
  .trim()
  .superRefine((v, ctx) => {
    const problem = usccProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const SupplierRegisterBody = z
  .object({
    userName: z
      .string()
      .trim()
      .regex(/^[A-Za-z][A-Za-z0-9_]{3,31}$/, '用户名须以字母开头，4-32 位字母、数字或下划线'),
    password: Password,
    companyName: z.string().trim().min(4, '请输入完整的公司名称').max(100),
    creditCode: CreditCode,
    contactName: z.string().trim().min(2, '请输入联系人姓名').max(30),
    contactPhone: Phone,
    email: Email,
    /** uploaded with purpose 'qualification' before submitting */
    licenseFileId: Id,
    permitFileIds: z.array(Id).max(10).default([]),
  })
  .strict();
/** A registration as the web sends it and the server reads it. */
export type RegisterInput = z.infer<typeof SupplierRegisterBody>;

/** The review list's states by name (the client cannot send the code 0, docs/domains/platform.md#empty-query-values). */
export const SUPPLIER_STATE_NAMES = { pending: 0, approved: 1, refused: 2, disabled: 3 } as const;

export const SupplierReviewQuery = PageQuery.extend({
  status: namedStatus(SUPPLIER_STATE_NAMES, 3).optional(),
  companyName: z.string().trim().max(100).optional(),
}).strict();

export const SupplierRefuseBody = z.object({ id: Id, reason: z.string().trim().min(2, '请填写驳回原因').max(500) }).strict();
export const SupplierDisableBody = z.object({ id: Id, reason: z.string().trim().min(2, '请填写停用原因').max(500) }).strict();

export const SupplierReviewVO = z.object({
  id: z.number().int(),
  companyName: z.string(),
  creditCode: z.string(),
  contactName: z.string(),
  contactPhone: z.string(),
  email: z.string().nullable(),
  userName: z.string().nullable(),
  status: z.number().int(),
  refuseReason: z.string().nullable(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
  qualifications: z.array(z.object({ kind: z.string(), name: z.string(), url: z.string() })),
  /** how many child accounts the supplier may have in use (子账号管理) */
  childAccountLimit: z.number().int(),
});

/** allSupplier / allActivatedSupplier: suppliers for choosing one (filters, reports). */
export const SupplierOption = z.object({ id: z.number().int(), companyName: z.string(), status: z.number().int() });
export type SupplierOption = z.infer<typeof SupplierOption>;

/**
 * resetSupplierInfo: the platform admin corrects a supplier's contact details and sets its
 * child-account limit, and may correct the 统一社会信用代码 (checked like at registration); the
 * company name stays as reviewed.
 */
export const SupplierInfoBody = z
  .object({
    id: Id,
    contactName: z.string().trim().min(2, '请输入联系人姓名').max(30, '联系人姓名最多 30 个字'),
    contactPhone: z.string().regex(/^1[3-9]\d{9}$/, '手机号格式不正确'),
    email: z.email('邮箱格式不正确').nullable(),
    childAccountLimit: z.number({ error: '子账号上限必须为整数' }).int('子账号上限必须为整数').min(0, '子账号上限不能小于 0').max(200, '子账号上限最多 200 个'),
    creditCode: CreditCode.optional(),
  })
  .strict();
export type SupplierInfoBody = z.infer<typeof SupplierInfoBody>;

/** GB 32100-2015 check character of a 统一社会信用代码 (kept under its first name; see uscc.ts). */
export const creditCodeCheckChar = usccCheckChar;
export const isValidCreditCode = isValidUscc;
