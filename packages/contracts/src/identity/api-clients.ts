import { z } from 'zod';
import { Id, PageQuery, pageOf } from '../platform/common.ts';

/**
 * 接口客户端: credentials the platform admin issues to other systems (an institute's finance system
 * calling zkpd/*): Basic client id + secret, and the signing key their requests are signed with. The
 * secret and key are shown once, when issued or rotated; only the secret's hash is kept readable.
 */
/**
 * What an issued client may call, chosen by the admin: a route that an API client calls names its
 * scope, and a client without it gets FORBIDDEN (the web app's own client has none).
 */
export const API_CLIENT_SCOPES = ['zkpd.grantCard', 'zkpd.settleBillBatch', 'interface.export'] as const;
export const ApiClientScope = z.enum(API_CLIENT_SCOPES, { error: '未知的接口权限' });
export type ApiClientScope = z.infer<typeof ApiClientScope>;
export const API_CLIENT_SCOPE_TEXT: Record<ApiClientScope, string> = {
  'zkpd.grantCard': '经费卡同步（zkpd/getItemInfoByPI）',
  'zkpd.settleBillBatch': '结算批次（zkpd/settleBillBatch）',
  'interface.export': '接口数据导出（/interface/v1 联系人对应、协议价）',
};

export const ApiClientBody = z
  .object({
    name: z.string().trim().min(2, '名称至少 2 个字').max(40, '名称最多 40 字'),
    /** the institute the client speaks for; null: none (a platform-wide integration) */
    instituteId: Id.nullable().default(null),
    /** the scopes granted; none: the client calls only the public pages' services */
    scopes: z
      .array(ApiClientScope)
      .max(API_CLIENT_SCOPES.length)
      .default([])
      .transform((s) => [...new Set(s)]),
  })
  .strict();
export const ApiClientUpdateBody = ApiClientBody.extend({ id: Id }).strict();
export const ApiClientQuery = PageQuery.extend({
  name: z.string().trim().max(40).optional(),
  status: z.enum(['active', 'revoked']).optional(),
}).strict();

export const ApiClientVO = z.object({
  id: z.number().int(),
  clientId: z.string(),
  name: z.string(),
  instituteId: z.number().int().nullable(),
  instituteName: z.string().nullable(),
  status: z.enum(['active', 'revoked']),
  scopes: z.array(ApiClientScope),
  createdAt: z.string(),
  rotatedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  todayCalls: z.number().int(),
  last30Calls: z.number().int(),
});
export type ApiClientVO = z.infer<typeof ApiClientVO>;
export const ApiClientPage = pageOf(ApiClientVO);
/** shown once: the Basic credential and the signing key */
export const ApiClientSecretVO = z.object({ id: z.number().int(), clientId: z.string(), secret: z.string(), signKey: z.string() });
export type ApiClientSecretVO = z.infer<typeof ApiClientSecretVO>;
