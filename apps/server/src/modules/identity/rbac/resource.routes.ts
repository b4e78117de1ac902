import { ResourceAddBody, ResourceNode, ResourceTreeQuery, ResourceUpdateBody } from '@kc/contracts/identity/rbac';
import { envelope, IdParams, NoQuery, Ok } from '@kc/contracts/platform/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Perm } from '../../../platform/auth/access.ts';
import { ok } from '../../../platform/http/reply.ts';
import type { ResourceService } from './resource.service.ts';

/** /uac/v1/resource: the resource catalogue (platform admin). */
export function registerResourceRoutes(root: FastifyInstance, resources: ResourceService) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['资源管理'];
  const config = { access: { perm: Perm.RESOURCE_MANAGE } };

  app.get(
    '/uac/v1/resource/tree',
    {
      schema: { tags, summary: '资源树（side=1 平台端，2 供应商端）', querystring: ResourceTreeQuery, response: { 200: envelope(z.array(ResourceNode)) } },
      config,
    },
    async (req) => ok(await resources.tree(req.caller!, req.query.side)),
  );
  app.post(
    '/uac/v1/resource/add',
    {
      schema: { tags, summary: '新增资源', body: ResourceAddBody, response: { 200: envelope(z.object({ id: z.number().int() })) } },
      config: { access: { perm: Perm.RESOURCE_MANAGE, flag: 'add' } },
    },
    async (req) => ok(await resources.add(req.caller!, req.body, req.ip), '新增成功'),
  );
  app.put(
    '/uac/v1/resource/update',
    {
      schema: { tags, summary: '修改资源（所属端与上级不变）', body: ResourceUpdateBody, response: { 200: Ok } },
      config: { access: { perm: Perm.RESOURCE_MANAGE, flag: 'modify' } },
    },
    async (req) => {
      await resources.update(req.caller!, req.body, req.ip);
      return ok(null, '修改成功');
    },
  );
  app.delete(
    '/uac/v1/resource/delete/:id',
    {
      schema: { tags, summary: '删除资源（须无子资源且未授予任何角色）', params: IdParams, querystring: NoQuery, response: { 200: Ok } },
      config: { access: { perm: Perm.RESOURCE_MANAGE, flag: 'delete' } },
    },
    async (req) => {
      await resources.delete(req.caller!, req.params.id, req.ip);
      return ok(null, '删除成功');
    },
  );
}
