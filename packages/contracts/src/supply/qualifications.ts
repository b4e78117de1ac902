import { z } from 'zod';
import { Id, namedStatus, PageQuery } from '../platform/common.ts';
import type { HazardFlags } from '../platform/hazard.ts';

/**
 * 资质 (issue 10 §3): a supplier's licences and certificates, typed by a dictionary, reviewed by the
 * platform, with a validity window. An item whose hazard flags need a type can be ordered only while
 * its supplier holds an approved qualification of that type that is valid today.
 */

export type HazardFlag = keyof HazardFlags;

export interface QualificationType {
  code: string;
  name: string;
  /** item flags that need this type (empty: kept on file, not required by any item) */
  neededBy: readonly HazardFlag[];
  /** the usual issuing authority, as a hint in the form */
  authorityHint: string;
}

/**
 * The dictionary. 危险化学品 (including 剧毒 and 易制爆, which are hazardous chemicals too) are sold
 * under a 危险化学品经营许可证 (《危险化学品安全管理条例》第三十三条); 易制毒 of categories 2 and 3
 * under a 非药品类易制毒化学品经营备案证明 (《易制毒化学品管理条例》); 易制爆 in addition under the
 * public security 易制爆危险化学品从业单位备案 (《易制爆危险化学品治安管理办法》).
 */
export const QUALIFICATION_TYPES = [
  { code: 'business_license', name: '营业执照', neededBy: [], authorityHint: '市场监督管理局' },
  {
    code: 'hazardous_license',
    name: '危险化学品经营许可证',
    neededBy: ['hazard_dangerous', 'hazard_toxic', 'hazard_explosive'],
    authorityHint: '应急管理局',
  },
  { code: 'precursor_record', name: '非药品类易制毒化学品经营备案', neededBy: ['hazard_precursor'], authorityHint: '应急管理局' },
  { code: 'explosive_record', name: '易制爆危险化学品从业单位备案', neededBy: ['hazard_explosive'], authorityHint: '公安局' },
  { code: 'medical_device_license', name: '医疗器械经营许可证', neededBy: [], authorityHint: '市场监督管理局' },
  { code: 'brand_authorization', name: '品牌授权书', neededBy: [], authorityHint: '品牌方' },
  { code: 'iso_certificate', name: 'ISO 质量体系认证', neededBy: [], authorityHint: '认证机构' },
] as const satisfies readonly QualificationType[];

export type QualificationTypeCode = (typeof QUALIFICATION_TYPES)[number]['code'];
export const QUALIFICATION_TYPE_CODES = QUALIFICATION_TYPES.map((t) => t.code) as [QualificationTypeCode, ...QualificationTypeCode[]];
export const qualificationTypeName = (code: string) => QUALIFICATION_TYPES.find((t) => t.code === code)?.name ?? code;

/** The types an item with these flags needs. */
export function neededQualifications(flags: HazardFlags): QualificationType[] {
  return QUALIFICATION_TYPES.filter((t) => t.neededBy.some((f) => flags[f] === 1));
}

/** Review states; a change to an approved or refused qualification sends it back to pending. */
export const QUALIFICATION_STATUS = { PENDING: 0, APPROVED: 1, REFUSED: 2, WITHDRAWN: 3 } as const;
export const QUALIFICATION_STATUS_NAMES = { pending: 0, approved: 1, refused: 2, withdrawn: 3 } as const;
export const QUALIFICATION_STATUS_TEXT: Record<number, string> = { 0: '待审核', 1: '已通过', 2: '已驳回', 3: '已撤回' };

/** Reminders go out this many days before the end of validity. */
export const REMINDER_DAYS = [60, 30, 7] as const;
/** Within this many days a valid qualification shows as 即将过期. */
export const EXPIRING_DAYS = 30;

export type Validity = 'longTerm' | 'valid' | 'expiring' | 'expired' | 'notYet';
export const VALIDITY_TEXT: Record<Validity, string> = { longTerm: '长期有效', valid: '有效', expiring: '即将过期', expired: '已过期', notYet: '未生效' };

export { shanghaiDate } from '../platform/common.ts';

/** Whole days from `from` to `to` (both YYYY-MM-DD). */
export const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** Validity on `today`: valid through the whole day valid_to. */
export function validityOf(validFrom: string, validTo: string | null, today: string): Validity {
  if (validFrom > today) return 'notYet';
  if (validTo === null) return 'longTerm';
  if (validTo < today) return 'expired';
  return daysBetween(today, validTo) <= EXPIRING_DAYS ? 'expiring' : 'valid';
}

const DateText = z
  .string({ error: '日期格式应为 YYYY-MM-DD' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 YYYY-MM-DD')
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), '日期不存在');

export const QualificationBody = z
  .object({
    typeCode: z.enum(QUALIFICATION_TYPE_CODES, { error: '资质类型不正确' }),
    number: z.string().trim().min(2, '请填写证书编号').max(60, '证书编号最多 60 个字'),
    authority: z.string().trim().min(2, '请填写发证机关').max(60, '发证机关最多 60 个字'),
    validFrom: DateText,
    /** null: 长期有效 */
    validTo: DateText.nullable(),
    /** uploaded with purpose 'qualification' by the caller */
    fileId: Id,
    scope: z.string().trim().max(500, '经营范围最多 500 个字').default(''),
  })
  .strict()
  .refine((b) => b.validTo === null || b.validTo >= b.validFrom, { message: '有效期结束日不能早于开始日', path: ['validTo'] });
export type QualificationInput = z.infer<typeof QualificationBody>;

export const QualificationUpdateBody = z
  .object({
    id: Id,
    typeCode: z.enum(QUALIFICATION_TYPE_CODES, { error: '资质类型不正确' }),
    number: z.string().trim().min(2, '请填写证书编号').max(60, '证书编号最多 60 个字'),
    authority: z.string().trim().min(2, '请填写发证机关').max(60, '发证机关最多 60 个字'),
    validFrom: DateText,
    validTo: DateText.nullable(),
    fileId: Id,
    scope: z.string().trim().max(500, '经营范围最多 500 个字').default(''),
  })
  .strict()
  .refine((b) => b.validTo === null || b.validTo >= b.validFrom, { message: '有效期结束日不能早于开始日', path: ['validTo'] });
export type QualificationUpdateInput = z.infer<typeof QualificationUpdateBody>;

export const VALIDITY_FILTERS = ['valid', 'expiring', 'expired'] as const;

export const QualificationQuery = PageQuery.extend({
  status: namedStatus(QUALIFICATION_STATUS_NAMES, 3).optional(),
  typeCode: z.enum(QUALIFICATION_TYPE_CODES, { error: '资质类型不正确' }).optional(),
  /** expiring: valid and ending within `withinDays` (default 30); expired: ended before today */
  validity: z.enum(VALIDITY_FILTERS, { error: '有效期筛选不正确' }).optional(),
  withinDays: z.coerce.number().int().min(1, '天数至少为 1').max(365, '天数最多 365').optional(),
}).strict();
export type QualificationQuery = z.infer<typeof QualificationQuery>;

/** The platform's list across suppliers: the same filters and the company name. */
export const QualificationAdminQuery = QualificationQuery.extend({
  supplierName: z.string().trim().max(100).optional(),
}).strict();
export type QualificationAdminQuery = z.infer<typeof QualificationAdminQuery>;

export const QualificationRefuseBody = z.object({ id: Id, reason: z.string().trim().min(2, '请填写驳回原因').max(500, '驳回原因最多 500 个字') }).strict();

export const QualificationVO = z.object({
  id: z.number().int(),
  supplierId: z.number().int(),
  supplierName: z.string(),
  typeCode: z.string(),
  typeName: z.string(),
  number: z.string(),
  authority: z.string(),
  validFrom: z.string(),
  validTo: z.string().nullable(),
  validity: z.enum(['longTerm', 'valid', 'expiring', 'expired', 'notYet']),
  /** days until the end of validity (negative once expired); null when long-term */
  daysLeft: z.number().int().nullable(),
  fileId: z.number().int(),
  fileName: z.string().nullable(),
  fileUrl: z.string().nullable(),
  scope: z.string(),
  status: z.number().int(),
  refuseReason: z.string().nullable(),
  submittedAt: z.string(),
  reviewedAt: z.string().nullable(),
});
export type QualificationVO = z.infer<typeof QualificationVO>;
