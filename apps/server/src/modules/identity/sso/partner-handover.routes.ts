import { PartnerOptionVO, PartnerTicketBody, PartnerTicketVO } from '@kc/contracts/identity/sso';
import { envelope, NoQuery } from '@kc/contracts/platform/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { who } from '../../../platform/auth/who.ts';
import { ok } from '../../../platform/http/reply.ts';
import type { SsoService } from './sso.service.ts';
import { SSO_TAGS as tags } from './sso-route-helpers.ts';

/** Single sign-on out: the partner systems a logged-in user may enter, and the one-time ticket that hands them over. */
export function registerPartnerHandoverRoutes(root: FastifyInstance, sso: SsoService) {
  const app = root.withTypeProvider<ZodTypeProvider>();
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
}
