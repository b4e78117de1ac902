import { z } from 'zod';
import { InvoiceTerms } from '../finance/invoices-terms.ts';
import { envelope, Id, Password, Phone, SmsCode } from '../platform/common.ts';
import { SupplierContractState } from '../supply/agreements.ts';

export const AccountType = { ADMIN: 0, BUYER: 1, SUPPLIER: 2 } as const;

export const DeptOption = z.object({ value: z.number().int(), label: z.string() });
export type DeptOption = z.infer<typeof DeptOption>;

export const UserInfo = z.object({
  id: z.number().int(),
  accountType: z.number().int(),
  userName: z.string(),
  realName: z.string().nullable(),
  nick: z.string().nullable(),
  phoneNum: z.string().nullable(),
  email: z.string().nullable(),
  defaultDept: z.number().int().nullable(),
  currentDept: z.number().int().nullable(),
  verification: z.number().int(),
  whetherForceModifyPassword: z.boolean(),
  instituteId: z.number().int().nullable(),
  instituteName: z.string().nullable(),
  supplierId: z.number().int().nullable(),
  roles: z.array(z.object({ id: z.number().int(), name: z.string(), code: z.string() })),
  deptVOList: z.array(z.object({ id: z.number().int(), deptName: z.string() })),
});
export type UserInfo = z.infer<typeof UserInfo>;

export const CaptchaQuery = z.object({ randomStr: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, '验证码标识不合法'), t: z.string().optional() }).strict();

/** Body of POST /uac/oauth/token (form-encoded or JSON). The captcha answer comes in the query (docs/domains/identity.md#login-captcha). */
export const TokenBody = z.discriminatedUnion('grant_type', [
  z.object({
    grant_type: z.literal('password'),
    username: z.string().trim().min(1, '请输入用户名').max(64),
    password: z.string().min(1, '请输入密码').max(128),
    captcha: z.string().max(8).optional(),
    randomStr: z.string().max(64).optional(),
  }),
  z.object({ grant_type: z.literal('refresh_token'), refresh_token: z.string().min(16).max(256) }),
]);
export const TokenQuery = z.object({ captcha: z.string().max(8).optional(), randomStr: z.string().max(64).optional() }).strict();

export const TokenAnswer = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  refresh_token: z.string(),
  expires_in: z.number().int(),
  /** key for signing every later call of this session */
  sign_key: z.string(),
  user: UserInfo,
  whetherSelectDept: z.boolean(),
  optionalDeptList: z.array(DeptOption),
  currentDept: DeptOption.nullable(),
});
export type TokenAnswer = z.infer<typeof TokenAnswer>;

export const FrozenData = z.object({ phoneNum: z.string().nullable(), userName: z.string(), id: z.number().int() });

export const MenuVO = z.object({
  id: z.number().int(),
  name: z.string(),
  path: z.string().nullable(),
  routeName: z.string().nullable(),
  component: z.string().nullable(),
  icon: z.string().nullable(),
  get child() {
    return z.array(MenuVO);
  },
});
export type MenuVO = {
  id: number;
  name: string;
  path: string | null;
  routeName: string | null;
  component: string | null;
  icon: string | null;
  child: MenuVO[];
};

export const AuthorityVO = z.object({
  resourceId: z.number().int(),
  permCode: z.string().nullable(),
  addJurisdiction: z.boolean(),
  modifyJurisdiction: z.boolean(),
  deleteJurisdiction: z.boolean(),
  exportJurisdiction: z.boolean(),
  limitTab: z.string(),
});

export const UserAllInfo = z.object({
  user: UserInfo,
  whetherRealName: z.boolean(),
  limitGroup: z.array(z.string()),
  authorityList: z.array(AuthorityVO),
  menuVOList: z.array(MenuVO),
  modules: z.array(z.object({ moduleName: z.string(), modulePath: z.string().nullable(), routeName: z.string().nullable(), component: z.string().nullable() })),
  functionVOList: z.array(z.object({ functionCode: z.string() })),
  dataScope: z.string(),
  /** supplier accounts: the contract state (docs/domains/supply.md#contract-session) */
  supplierContract: SupplierContractState.optional(),
  /** buyers: the institute's invoice type and time and pay time (docs/domains/finance.md#invoice-terms) */
  invoiceTerms: InvoiceTerms.optional(),
});
export type UserAllInfo = z.infer<typeof UserAllInfo>;

export const SetDeptBody = z.object({ deptId: Id }).strict();

export const SendCodeBody = z.object({ userName: z.string().trim().min(1, '请输入用户名').max(64) }).strict();
export const UnblockBody = z.object({ userName: z.string().trim().min(1).max(64), code: SmsCode, channel: z.enum(['sms', 'email']).default('sms') }).strict();
export const ModifyWithCodeBody = z.object({ code: SmsCode, newPassword: Password }).strict();
export const ForceModifyBody = z.object({ oldPassword: z.string().min(1).max(128), newPassword: Password }).strict();
export const NoLoginResetBody = z.object({ userName: z.string().trim().min(1).max(64), code: SmsCode, newPassword: Password }).strict();
/**
 * 找回密码 asks for the user name and the bound phone together: the answer is the same for an unknown
 * name and a wrong phone, so the flow never tells which user names exist or discloses contact data.
 */
export const CheckUserInfoBody = z
  .object({ userName: z.string().trim().min(1, '请输入用户名').max(64), phoneNum: z.string({ error: '请输入绑定的手机号' }).pipe(Phone) })
  .strict();
/** 找回密码：发送验证码 — to the bound phone the caller names; sent only when name and phone match. */
export const ResetSendCodeBody = CheckUserInfoBody;

export const TokenEnvelope = envelope(TokenAnswer);
