import {
  CasConfigBody,
  CasConfigPage,
  CasConfigQuery,
  CasConfigUpdateBody,
  PartnerBody,
  PartnerOptionVO,
  PartnerSecretVO,
  PartnerTicketBody,
  PartnerTicketVO,
  PartnerUpdateBody,
  PartnerVO,
  SsoCheckQuery,
  SsoCheckVO,
  SsoCodeBody,
  SsoCodeQuery,
  SsoOrgVO,
} from '@kc/contracts/identity/sso';
import { TokenEnvelope } from '@kc/contracts/identity/uac';
import { envelope, IdParams, NoQuery, Ok } from '@kc/contracts/platform/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Perm } from '../../../platform/auth/access.ts';
import { who } from '../../../platform/auth/who.ts';
import { Limits, rateLimit } from '../../../platform/http/rate-limit.ts';
import { ok } from '../../../platform/http/reply.ts';
import type { KeyValueStore } from '../../../platform/kv/kv.port.ts';
import type { SsoService } from './sso.service.ts';

/**
 * Single sign-on: /api/zjs/cas/ssoCheck.lf, /uac/common/v1/noauth/ssoAgreeSecretLogin and
 * /api/sso/getToken.lf (no login: the CAS server vouches for the browser); the partner hand-over for a
 * logged-in user; the admin's CAS and partner configuration (/api/sso/cas/*, /api/sso/partner/*).
 */
export function registerSsoRoutes(root: FastifyInstance, sso: SsoService, kv: KeyValueStore) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['单点登录'];
  const manage = { perm: Perm.SSO_MANAGE };
  // the no-login steps are lookups by an unauthenticated browser: the same per-address limit as reset and unfreeze
  const limit = (ip: string) => rateLimit(kv, `sso:${ip}`, Limits.lookupPerIp.limit, Limits.lookupPerIp.windowMs);

  app.get(
    '/api/zjs/cas/ssoCheck.lf',
    {
      schema: {
        tags,
        summary: 'CAS 单点登录：无票据时答 CAS 登录地址；有票据时向该所 CAS 服务校验（1 秒超时）并对应到本所账号',
        querystring: SsoCheckQuery,
        response: { 200: envelope(SsoCheckVO) },
      },
      config: { access: 'public' },
    },
    async (req) => {
      await limit(req.ip);
      return ok(await sso.check(req.query.org, req.query.ticket, req.ip));
    },
  );
  app.get(
    '/api/zjs/cas/orgs',
    {
      schema: { tags, summary: '已开通统一身份认证登录的研究所', querystring: NoQuery, response: { 200: envelope(z.array(SsoOrgVO)) } },
      config: { access: 'public' },
    },
    async () => ok(await sso.orgs()),
  );
  app.post(
    '/uac/common/v1/noauth/ssoAgreeSecretLogin',
    { schema: { tags, summary: '单点登录首次登录：同意当前版本的隐私政策', body: SsoCodeBody, response: { 200: Ok } }, config: { access: 'public' } },
    async (req) => {
      await limit(req.ip);
      await sso.agree(req.body.code, req.ip);
      return ok(null, '已同意隐私政策');
    },
  );
  app.get(
    '/api/sso/getToken.lf',
    {
      schema: { tags, summary: '以单点登录的一次性凭证换取平台令牌（与密码登录相同的应答）', querystring: SsoCodeQuery, response: { 200: TokenEnvelope } },
      config: { access: 'public' },
    },
    async (req) => {
      await limit(req.ip);
      return ok(await sso.token(req.query.code, req.ip), '登录成功');
    },
  );

  app.get(
    '/api/sso/partner/options',
    {
      schema: { tags, summary: '当前用户可进入的外部系统', querystring: NoQuery, response: { 200: envelope(z.array(PartnerOptionVO)) } },
      config: { access: 'login' },
    },
    async (req) => ok(await sso.partnerOptions(req.caller!)),
  );
  app.post(
    '/api/sso/partner/ticket',
    {
      schema: { tags, summary: '进入外部系统：签发 60 秒有效的一次性票据与跳转地址', body: PartnerTicketBody, response: { 200: envelope(PartnerTicketVO) } },
      config: { access: 'login' },
    },
    async (req) => ok(await sso.partnerTicket(who(req), req.body.partner)),
  );

  // ── administration ──
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
