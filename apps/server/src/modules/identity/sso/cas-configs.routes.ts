import { CasConfigBody, CasConfigPage, CasConfigQuery, CasConfigUpdateBody } from '@kc/contracts/identity/sso';
import { envelope, IdParams, NoQuery, Ok } from '@kc/contracts/platform/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { who } from '../../../platform/auth/who.ts';
import { ok } from '../../../platform/http/reply.ts';
import type { SsoService } from './sso.service.ts';
import { SSO_MANAGE as manage, SSO_TAGS as tags } from './sso-route-helpers.ts';

/** The admin's configuration of the institutes' CAS servers (/api/sso/cas/*). */
export function registerCasConfigRoutes(root: FastifyInstance, sso: SsoService) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/sso/cas/page',
    { schema: { tags, summary: '单点登录配置列表', querystring: CasConfigQuery, response: { 200: envelope(CasConfigPage) } }, config: { access: manage } },
    async (req) => ok(await sso.casPage(req.query)),
  );
  app.post(
    '/api/sso/cas/add',
    {
      schema: { tags, summary: '新增研究所的 CAS 配置', body: CasConfigBody, response: { 200: envelope(z.object({ id: z.number().int() })) } },
      config: { access: { ...manage, flag: 'add' } },
    },
    async (req) => ok(await sso.addCas(who(req), req.body), '已保存'),
  );
  app.post(
    '/api/sso/cas/update',
    { schema: { tags, summary: '修改 CAS 配置', body: CasConfigUpdateBody, response: { 200: Ok } }, config: { access: { ...manage, flag: 'modify' } } },
    async (req) => {
      const { id, ...b } = req.body;
      await sso.updateCas(who(req), id, b);
      return ok(null, '已保存');
    },
  );
  app.delete(
    '/api/sso/cas/delete/:id',
    {
      schema: { tags, summary: '删除 CAS 配置', params: IdParams, querystring: NoQuery, response: { 200: Ok } },
      config: { access: { ...manage, flag: 'delete' } },
    },
    async (req) => {
      await sso.deleteCas(who(req), req.params.id);
      return ok(null, '已删除');
    },
  );
}
