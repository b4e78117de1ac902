import { z } from 'zod';
import { Email, Id, PageQuery, Phone, pageOf, SmsCode } from '../platform/common.ts';

/**
 * User-info and user-name review (one change-request model, docs/domains/identity.md#change-requests) and the
 * account centre's own calls (docs/domains/identity.md#account-centre): phone, e-mail and user-name changes with codes, the QR bind,
 * the relation code.
 */
export const CHANGE_KINDS = ['userInfo', 'userName'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];
export const CHANGE_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ChangeStatus = (typeof CHANGE_STATUSES)[number];
export const CHANGE_STATUS_TEXT: Record<ChangeStatus, string> = { pending: '待审核', approved: '已通过', rejected: '已驳回' };
/** batch review takes at most this many requests a call */
export const BATCH_REVIEW_MAX = 100;

/** The user-name rule (the server decides, docs/domains/identity.md#server-decided-validity): 4–20 letters, digits, _ or -, starting with a letter. */
export const UserNameSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z][A-Za-z0-9_-]{3,19}$/, '用户名为 4–20 位字母、数字、下划线或连字符，以字母开头');

export const UserInfoApplyBody = z
  .object({
    realName: z.string().trim().min(2, '请填写真实姓名').max(20, '姓名最多 20 个字'),
    /** the unit the user works at, as they write it */
    workUnit: z.string().trim().min(2, '请填写工作单位').max(60),
    title: z.string().trim().max(30).default(''),
    remark: z.string().trim().max(200).default(''),
  })
  .strict();
export type UserInfoApplyBody = z.infer<typeof UserInfoApplyBody>;

export const ChangeRequestVO = z.object({
  id: z.number().int(),
  kind: z.enum(CHANGE_KINDS),
  userId: z.number().int(),
  userName: z.string(),
  realName: z.string().nullable(),
  instituteName: z.string().nullable(),
  /** user info: the submitted fields; user name: { userName } */
  oldValue: z.record(z.string(), z.string().nullable()),
  newValue: z.record(z.string(), z.string().nullable()),
  status: z.enum(CHANGE_STATUSES),
  statusText: z.string(),
  reviewerName: z.string().nullable(),
  reason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  /** pending for more than 2 working days (docs/domains/identity.md#change-requests SLA badge) */
  overdue: z.boolean(),
});
export type ChangeRequestVO = z.infer<typeof ChangeRequestVO>;
export const ChangeRequestPage = pageOf(ChangeRequestVO);
export const ChangeRequestQuery = PageQuery.extend({
  status: z.enum(CHANGE_STATUSES).optional(),
  userName: z.string().trim().max(30).optional(),
}).strict();
export type ChangeRequestQuery = z.infer<typeof ChangeRequestQuery>;

export const ReviewBody = z
  .object({ id: Id, pass: z.boolean(), reason: z.string().trim().max(200).default('') })
  .strict()
  .refine((b) => b.pass || b.reason.length >= 2, { message: '驳回时请填写原因', path: ['reason'] });
export const BatchReviewBody = z
  .object({
    ids: z.array(Id).min(1, '请选择要审核的申请').max(BATCH_REVIEW_MAX, `每次最多审核 ${BATCH_REVIEW_MAX} 条`),
    pass: z.boolean(),
    reason: z.string().trim().max(200).default(''),
  })
  .strict()
  .refine((b) => b.pass || b.reason.length >= 2, { message: '驳回时请填写原因', path: ['reason'] });
export const BatchReviewVO = z.object({ done: z.number().int(), skipped: z.array(z.object({ id: z.number().int(), reason: z.string() })) });

export const UserNameApplyBody = z.object({ newUserName: UserNameSchema, code: SmsCode }).strict();
export const AdminModifyBody = z.object({ userId: Id, newUserName: UserNameSchema, reason: z.string().trim().max(200).default('') }).strict();
export const UserNameQuery = z.object({ userName: z.string().trim().min(1).max(30), t: z.string().optional() }).strict();
export const UserNameAvailableVO = z.object({ available: z.boolean(), message: z.string() });

export const ChangePhoneSendBody = z.object({ phoneNum: Phone }).strict();
export const ChangeEmailSendBody = z.object({ email: Email }).strict();
export const NoauthChangePhoneSendBody = z.object({ userName: z.string().trim().min(1).max(64), oldPhoneNum: Phone, phoneNum: Phone }).strict();
export const NoauthChangeEmailSendBody = z.object({ userName: z.string().trim().min(1).max(64), oldPhoneNum: Phone, email: Email }).strict();
export const ChangePhoneBody = z.object({ phoneNum: Phone, code: SmsCode }).strict();
export const ChangeEmailBody = z.object({ email: Email, code: SmsCode }).strict();
export const NoauthChangePhoneBody = NoauthChangePhoneSendBody.extend({ code: SmsCode }).strict();
export const NoauthChangeEmailBody = NoauthChangeEmailSendBody.extend({ code: SmsCode }).strict();

export const BindQrVO = z.object({ ticket: z.string(), qrContent: z.string(), qrImage: z.string(), expiresAt: z.string() });
export const BIND_STATUSES = ['waiting', 'bound', 'expired'] as const;
export const BindStatusQuery = z.object({ ticket: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, '二维码标识不正确'), t: z.string().optional() }).strict();
export const BindStatusVO = z.object({ status: z.enum(BIND_STATUSES), boundAt: z.string().nullable(), bound: z.boolean() });
export const ConfirmBindBody = z.object({ ticket: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, '二维码标识不正确') }).strict();
export const RelationCodeQuery = z.object({ relationCode: z.string().trim().min(1).max(40), t: z.string().optional() }).strict();
export const RelationCodeVO = z.object({ valid: z.boolean(), instituteName: z.string().nullable() });

/** My pending (or last) requests, for the 个人中心 page. */
export const MyRequestsVO = z.object({ userInfo: ChangeRequestVO.nullable(), userName: ChangeRequestVO.nullable() });
export const ModifyUsernameSendBody = z.object({ newUserName: UserNameSchema }).strict();
