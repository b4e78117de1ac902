import { z } from 'zod';
import { Email, Id, namedStatus, PageQuery, Password, Phone } from './common.ts';

export const SupplierStatus = { PENDING: 0, ACTIVE: 1, REFUSED: 2, DISABLED: 3 } as const;
export const SUPPLIER_STATUS_LABELS: Record<number, string> = { 0: '待审核', 1: '已通过', 2: '已驳回', 3: '已停用' };

/** 统一社会信用代码: 18 characters from the code alphabet (check digit verified on the server). */
export const CreditCode = z
  .string()
  .trim()
  .regex(/^[0-9A-HJ-NP-RTUW-Y]{2}\d{6}[0-9A-HJ-NP-RTUW-Y]{10}$/, '统一社会信用代码格式不正确');

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

/** The review list's states by name (the client cannot send the code 0, SPEC.md §5). */
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
 * child-account limit; the company name and credit code stay as reviewed.
 */
export const SupplierInfoBody = z
  .object({
    id: Id,
    contactName: z.string().trim().min(2, '请输入联系人姓名').max(30, '联系人姓名最多 30 个字'),
    contactPhone: z.string().regex(/^1[3-9]\d{9}$/, '手机号格式不正确'),
    email: z.email('邮箱格式不正确').nullable(),
    childAccountLimit: z.number({ error: '子账号上限必须为整数' }).int('子账号上限必须为整数').min(0, '子账号上限不能小于 0').max(200, '子账号上限最多 200 个'),
  })
  .strict();
export type SupplierInfoBody = z.infer<typeof SupplierInfoBody>;

const CREDIT_ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const CREDIT_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** GB 32100-2015 check character of a 统一社会信用代码. */
export function creditCodeCheckChar(first17: string): string | null {
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const v = CREDIT_ALPHABET.indexOf(first17[i]);
    if (v < 0) return null;
    sum += v * CREDIT_WEIGHTS[i];
  }
  return CREDIT_ALPHABET[(31 - (sum % 31)) % 31];
}

export const isValidCreditCode = (code: string) => code.length === 18 && creditCodeCheckChar(code.slice(0, 17)) === code[17];
