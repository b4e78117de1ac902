import { z } from 'zod';
import { Id, PageQuery, pageOf } from './common.ts';

/**
 * 接口客户端: credentials the platform admin issues to other systems (an institute's finance system
 * calling zkpd/*): Basic client id + secret, and the signing key their requests are signed with. The
 * secret and key are shown once, when issued or rotated; only the secret's hash is kept readable.
 */
export const ApiClientBody = z
  .object({
    name: z.string().trim().min(2, '名称至少 2 个字').max(40, '名称最多 40 字'),
    /** the institute the client speaks for; null: none (a platform-wide integration) */
    instituteId: Id.nullable().default(null),
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
