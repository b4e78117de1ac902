import { CaptchaQuery, TokenBody, TokenEnvelope, TokenQuery } from '@kc/contracts/identity/uac';
import { NoQuery, Ok } from '@kc/contracts/platform/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../platform/context.ts';
import { CLIENT_VERSION_HEADER, isOutdatedClient } from '../../../platform/http/client-version.ts';
import { fail } from '../../../platform/http/errors.ts';
import { ok } from '../../../platform/http/reply.ts';
import type { AuthService } from './auth.service.ts';

/** /uac: captcha, token grants, logout. */
export function registerAuthRoutes(root: FastifyInstance, ctx: AppContext, auth: AuthService) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['认证'];

  app.get(
    '/uac/captcha.jpg',
    { schema: { tags, summary: '图形验证码（SVG 图像，5 分钟内一次有效）', querystring: CaptchaQuery }, config: { access: 'public' } },
    async (req, reply) => {
      const svg = await auth.captcha(req.query.randomStr, req.ip);
      return reply.header('cache-control', 'no-store').type('image/svg+xml').send(svg);
    },
  );

  app.post(
    '/uac/oauth/token',
    {
      schema: { tags, summary: '登录（密码模式）与刷新令牌', querystring: TokenQuery, body: TokenBody, response: { 200: TokenEnvelope } },
      config: { access: 'public' },
    },
    async (req) => {
      const b = req.body;
      if (b.grant_type === 'refresh_token') return ok(await auth.refreshGrant(b.refresh_token));
      const clientVersion = req.headers[CLIENT_VERSION_HEADER];
      if (isOutdatedClient(typeof clientVersion === 'string' ? clientVersion : undefined, ctx.config.version)) fail('CLIENT_OUTDATED');
      const captcha = req.query.captcha ?? b.captcha;
      const randomStr = req.query.randomStr ?? b.randomStr;
      return ok(await auth.passwordGrant({ username: b.username, password: b.password, captcha, randomStr }, req.ip), '登录成功');
    },
  );

  app.delete(
    '/uac/v1/caas-user/logout',
    { schema: { tags, summary: '退出登录', querystring: NoQuery, response: { 200: Ok } }, config: { access: 'login' } },
    async (req) => {
      const c = req.caller!;
      await auth.logout(c.userId, c.fid, req.ip);
      return ok(null, '已退出登录');
    },
  );
}
