import { ApiClientBody, ApiClientPage, ApiClientQuery, ApiClientSecretVO, ApiClientUpdateBody } from '@kc/contracts/identity/api-clients';
import { envelope, IdParams, Ok } from '@kc/contracts/platform/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Perm } from '../../../platform/auth/access.ts';
import { who } from '../../../platform/auth/who.ts';
import { ok } from '../../../platform/http/reply.ts';
import type { ApiClientsService } from './api-clients.service.ts';

/** /uac/v1/apiClient: the platform admin's 接口客户端 page. */
export function registerApiClientRoutes(root: FastifyInstance, svc: ApiClientsService) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['接口客户端'];
  const manage = { perm: Perm.API_CLIENT_MANAGE };

  app.get(
    '/uac/v1/apiClient/page',
    {
      schema: { tags, summary: '接口客户端列表（含今日与近 30 天调用次数）', querystring: ApiClientQuery, response: { 200: envelope(ApiClientPage) } },
      config: { access: manage },
    },
    async (req) => ok(await svc.page(req.query)),
  );
  app.post(
    '/uac/v1/apiClient/add',
    {
      schema: { tags, summary: '签发接口客户端（密钥与签名密钥只显示这一次）', body: ApiClientBody, response: { 200: envelope(ApiClientSecretVO) } },
      config: { access: { ...manage, flag: 'add' } },
    },
    async (req) => ok(await svc.add(who(req), req.body), '已签发'),
  );
  app.post(
    '/uac/v1/apiClient/update',
    {
      schema: { tags, summary: '修改名称、绑定的研究所与接口权限', body: ApiClientUpdateBody, response: { 200: Ok } },
      config: { access: { ...manage, flag: 'modify' } },
    },
    async (req) => {
      const { id, ...b } = req.body;
      await svc.update(who(req), id, b);
      return ok(null, '已保存');
    },
  );
  app.post(
    '/uac/v1/apiClient/rotate/:id',
    {
      schema: { tags, summary: '更换密钥与签名密钥（旧的立即失效）', params: IdParams, response: { 200: envelope(ApiClientSecretVO) } },
      config: { access: { ...manage, flag: 'modify' } },
    },
    async (req) => ok(await svc.rotate(who(req), req.params.id), '密钥已更换'),
  );
  app.post(
    '/uac/v1/apiClient/revoke/:id',
    { schema: { tags, summary: '吊销接口客户端', params: IdParams, response: { 200: Ok } }, config: { access: { ...manage, flag: 'delete' } } },
    async (req) => {
      await svc.revoke(who(req), req.params.id);
      return ok(null, '已吊销');
    },
  );
}
