import { AuthNode, AuthQuery, AuthSaveBody } from '@kc/contracts/identity/rbac';
import { envelope } from '@kc/contracts/platform/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Perm } from '../../../platform/auth/access.ts';
import { ok } from '../../../platform/http/reply.ts';
import type { AuthorityService } from './authority.service.ts';

/** /uac/v1/auth: a role's grants with their per-page flags. */
export function registerAuthorityRoutes(root: FastifyInstance, authorities: AuthorityService) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['角色授权'];
  const config = { access: { perm: Perm.ROLE_MANAGE } };

  app.get(
    '/uac/v1/auth/queryResourceAndAuth',
    {
      schema: { tags, summary: '角色所在端的资源树，标明已授权项与操作权限', querystring: AuthQuery, response: { 200: envelope(z.array(AuthNode)) } },
      config,
    },
    async (req) => ok(await authorities.queryResourceAndAuth(req.caller!, req.query.roleId)),
  );
  app.post(
    '/uac/v1/auth/save',
    {
      schema: {
        tags,
        summary: '保存角色授权（整体替换；不能超出授权人本人的权限）',
        body: AuthSaveBody,
        response: { 200: envelope(z.object({ roleId: z.number().int(), count: z.number().int() })) },
      },
      config: { access: { perm: Perm.ROLE_MANAGE, flag: 'modify' } },
    },
    async (req) => ok(await authorities.save(req.caller!, req.body.roleId, req.body.authorities, req.ip), '保存成功'),
  );
}
