import { SsoCheckQuery, SsoCheckVO, SsoCodeBody, SsoCodeQuery, SsoOrgVO } from '@kc/contracts/identity/sso';
import { TokenEnvelope } from '@kc/contracts/identity/uac';
import { envelope, NoQuery, Ok } from '@kc/contracts/platform/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Limits, rateLimit } from '../../../platform/http/rate-limit.ts';
import { ok } from '../../../platform/http/reply.ts';
import type { KeyValueStore } from '../../../platform/kv/kv.port.ts';
import type { SsoService } from './sso.service.ts';
import { SSO_TAGS as tags } from './sso-route-helpers.ts';

/**
 * Single sign-on in: /api/zjs/cas/ssoCheck.lf, /uac/common/v1/noauth/ssoAgreeSecretLogin and
 * /api/sso/getToken.lf (no login: the CAS server vouches for the browser), and the institutes open to it.
 */
export function registerSsoRoutes(root: FastifyInstance, sso: SsoService, kv: KeyValueStore) {
  const app = root.withTypeProvider<ZodTypeProvider>();
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
}
