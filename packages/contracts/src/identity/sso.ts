import { z } from 'zod';
import { Id, PageQuery, pageOf } from '../platform/common.ts';

/**
 * Single sign-on (docs/domains/identity.md#sso). Inbound: an institute's CAS server (protocol 2.0 or
 * 3.0) proves who the browser is; the platform maps that identity to one of the institute's accounts
 * and hands out its normal token pair through a one-time code. Outbound: a logged-in user is handed
 * to a partner system with a short-lived HMAC-signed ticket.
 */

/** The platform field a CAS identity is matched against. */
export const SSO_MATCH_FIELD_TEXT = { user_name: '登录名', phone_num: '手机号', email: '邮箱' } as const;
export type SsoMatchField = keyof typeof SSO_MATCH_FIELD_TEXT;
export const SSO_MATCH_FIELDS = Object.keys(SSO_MATCH_FIELD_TEXT) as [SsoMatchField, ...SsoMatchField[]];

export const CAS_VERSIONS = ['2.0', '3.0'] as const;
export type CasVersion = (typeof CAS_VERSIONS)[number];

/** The short code an institute's entry links carry (/casSSO?org=ich). */
export const SsoOrgCode = z
  .string()
  .trim()
  .regex(/^[a-z][a-z0-9_-]{1,31}$/, '单位代码为 2-32 位小写字母、数字、下划线或短横线，以字母开头');

const HttpUrl = (what: string) =>
  z
    .string()
    .trim()
    .max(300, `${what}最多 300 字`)
    .regex(/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/, `${what}应为 http(s) 地址，不含查询参数`);

export const CasConfigBody = z
  .object({
    instituteId: Id,
    code: SsoOrgCode,
    /** e.g. https://cas.example.edu.cn/cas — /login and /serviceValidate are appended */
    casBaseUrl: HttpUrl('CAS 服务地址'),
    casVersion: z.enum(CAS_VERSIONS).default('3.0'),
    /** this platform's public origin as registered with the CAS server (https://mall.example.cn) */
    serviceOrigin: HttpUrl('本平台访问地址'),
    /** the CAS attribute holding the identity; empty: the authenticated user name (<cas:user>) */
    userAttribute: z
      .string()
      .trim()
      .max(64)
      .regex(/^[A-Za-z0-9_.:-]*$/, '属性名只能包含字母、数字、下划线、点、冒号或短横线')
      .default(''),
    matchField: z.enum(SSO_MATCH_FIELDS).default('user_name'),
    enabled: z.boolean().default(true),
  })
  .strict();
export type CasConfigBody = z.infer<typeof CasConfigBody>;
export const CasConfigUpdateBody = CasConfigBody.extend({ id: Id }).strict();

export const CasConfigVO = z.object({
  id: z.number().int(),
  instituteId: z.number().int(),
  instituteName: z.string(),
  code: z.string(),
  casBaseUrl: z.string(),
  casVersion: z.enum(CAS_VERSIONS),
  serviceOrigin: z.string(),
  /** the exact service URL the CAS server must know for this institute */
  serviceUrl: z.string(),
  userAttribute: z.string(),
  matchField: z.enum(SSO_MATCH_FIELDS),
  enabled: z.boolean(),
  updatedAt: z.string(),
});
export type CasConfigVO = z.infer<typeof CasConfigVO>;
export const CasConfigPage = pageOf(CasConfigVO);
export const CasConfigQuery = PageQuery.extend({ keyword: z.string().trim().max(30).optional() }).strict();

/** /api/zjs/cas/ssoCheck.lf: without a ticket, where to send the browser; with one, its outcome. */
export const SsoCheckQuery = z
  .object({
    org: SsoOrgCode,
    ticket: z
      .string()
      .trim()
      .max(256)
      .regex(/^[A-Za-z0-9._-]+$/, '票据格式不正确')
      .optional(),
    t: z.string().optional(),
  })
  .strict();

export const SsoCheckVO = z.discriminatedUnion('result', [
  z.object({ result: z.literal('login'), loginUrl: z.string(), instituteName: z.string() }),
  /** a one-time code for getToken.lf (2 minutes); needAgree: the current privacy policy is not accepted yet */
  z.object({ result: z.literal('ok'), code: z.string(), needAgree: z.boolean(), realName: z.string().nullable(), instituteName: z.string() }),
  /** the CAS identity matches no account of the institute */
  z.object({ result: z.literal('noUser'), identity: z.string(), instituteName: z.string() }),
  /** the account is frozen (too many wrong passwords): the data /UnFreeze needs */
  z.object({ result: z.literal('frozen'), id: z.number().int(), userName: z.string(), phoneNum: z.string().nullable(), instituteName: z.string() }),
]);
export type SsoCheckVO = z.infer<typeof SsoCheckVO>;

/** The institutes offering CAS login (the /casSSO chooser). */
export const SsoOrgVO = z.object({ code: z.string(), instituteName: z.string() });
export type SsoOrgVO = z.infer<typeof SsoOrgVO>;

export const SsoCodeBody = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{20,64}$/, '登录凭证无效或已过期'),
  })
  .strict();
export const SsoCodeQuery = SsoCodeBody.extend({ t: z.string().optional() }).strict();

// ---- partner systems (/CassToOtherWeb, /CassServiceSSoToLogin) ----

export const PartnerBody = z
  .object({
    code: SsoOrgCode,
    name: z.string().trim().min(2, '系统名称至少 2 个字').max(40, '系统名称最多 40 字'),
    /** where the ticket is delivered: ?ticket=… is appended */
    targetUrl: HttpUrl('接收地址'),
    /** null: every logged-in user; set: only users whose current unit is in that institute */
    instituteId: Id.nullable().default(null),
    enabled: z.boolean().default(true),
  })
  .strict();
export const PartnerUpdateBody = PartnerBody.extend({ id: Id }).strict();
export const PartnerVO = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  targetUrl: z.string(),
  instituteId: z.number().int().nullable(),
  instituteName: z.string().nullable(),
  enabled: z.boolean(),
  updatedAt: z.string(),
});
export type PartnerVO = z.infer<typeof PartnerVO>;
/** the signing secret, shown once when a partner is added or its secret rotated */
export const PartnerSecretVO = z.object({ id: z.number().int(), secret: z.string() });
export const PartnerTicketBody = z.object({ partner: SsoOrgCode }).strict();
export const PartnerTicketVO = z.object({ url: z.string(), name: z.string(), expiresInSeconds: z.number().int() });
/** The partner ticket lives this long; the partner must also refuse a ticket id it has seen. */
export const PARTNER_TICKET_SECONDS = 60;
/** Partners the caller may be handed to (the menu of /CassToOtherWeb). */
export const PartnerOptionVO = z.object({ code: z.string(), name: z.string() });

// ---- privacy texts (getSecretByType) ----

/** 1 privacy policy, 2 platform service agreement (the three privacy pages of docs/domains/site.md#policy-texts). */
export const SECRET_TYPE_KIND = { 1: 'privacy', 2: 'serviceAgreement' } as const;
export const SecretTypeQuery = z
  .object({ type: z.coerce.number({ error: '类型不正确' }).int().min(1, '类型不正确').max(2, '类型不正确'), t: z.string().optional() })
  .strict();
export const SecretVO = z.object({
  type: z.number().int(),
  title: z.string(),
  /** sanitised HTML (the admin edits it in 页面配置) */
  content: z.string(),
  /** changes whenever the admin edits the text; a consent is for one version */
  version: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type SecretVO = z.infer<typeof SecretVO>;
