import { PartnerBody, PartnerSecretVO, PartnerUpdateBody, PartnerVO } from '@kc/contracts/identity/sso';
import { envelope, IdParams, NoQuery, Ok } from '@kc/contracts/platform/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { who } from '../../../platform/auth/who.ts';
import { ok } from '../../../platform/http/reply.ts';
import type { SsoService } from './sso.service.ts';
import { SSO_MANAGE as manage, SSO_TAGS as tags } from './sso-route-helpers.ts';

/** The admin's configuration of partner systems (/api/sso/partner/*); a signing secret shows only when made or rotated. */
export function registerPartnerRoutes(root: FastifyInstance, sso: SsoService) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/sso/partner/list',
    { schema: { tags, summary: '外部系统列表', querystring: NoQuery, response: { 200: envelope(z.array(PartnerVO)) } }, config: { access: manage } },
    async () => ok(await sso.partnerList()),
  );
  app.post(
    '/api/sso/partner/add',
    {
      schema: { tags, summary: '新增外部系统（签名密钥只在此时显示一次）', body: PartnerBody, response: { 200: envelope(PartnerSecretVO) } },
      config: { access: { ...manage, flag: 'add' } },
    },
    async (req) => ok(await sso.addPartner(who(req), req.body), '已保存'),
  );
  app.post(
    '/api/sso/partner/update',
    { schema: { tags, summary: '修改外部系统', body: PartnerUpdateBody, response: { 200: Ok } }, config: { access: { ...manage, flag: 'modify' } } },
    async (req) => {
      const { id, ...b } = req.body;
      await sso.updatePartner(who(req), id, b);
      return ok(null, '已保存');
    },
  );
  app.post(
    '/api/sso/partner/rotate/:id',
    {
      schema: { tags, summary: '更换外部系统的签名密钥（旧密钥立即失效，新密钥只显示一次）', params: IdParams, response: { 200: envelope(PartnerSecretVO) } },
      config: { access: { ...manage, flag: 'modify' } },
    },
    async (req) => ok(await sso.rotatePartner(who(req), req.params.id), '密钥已更换'),
  );
  app.delete(
    '/api/sso/partner/delete/:id',
    {
      schema: { tags, summary: '删除外部系统', params: IdParams, querystring: NoQuery, response: { 200: Ok } },
      config: { access: { ...manage, flag: 'delete' } },
    },
    async (req) => {
      await sso.deletePartner(who(req), req.params.id);
      return ok(null, '已删除');
    },
  );
}
