import { envelope, NoQuery } from '@kc/contracts/platform/common';
import { ContractVO, RemindBody, RemindVO } from '@kc/contracts/supply/agreements';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Perm } from '../../../platform/auth/access.ts';
import { who } from '../../../platform/auth/who.ts';
import { ok } from '../../../platform/http/reply.ts';
import type { ContractsService } from './agreements.service.ts';
import { BOTH_SIDES as both, CONTRACT_TAGS as tags } from './contract-route-groups.ts';

/** /supplier/v1/contract: renewal reminders and the originals a renewal starts from. */
export function registerContractRenewalRoutes(root: FastifyInstance, svc: ContractsService) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/supplier/v1/contract/renewContractRemind',
    {
      schema: { tags, summary: '30 天内到期的生效合同及已发送的续签提醒', querystring: NoQuery, response: { 200: envelope(z.array(RemindVO)) } },
      config: { access: both },
    },
    async (req) => ok(await svc.remindList(req.caller!)),
  );
  app.post(
    '/supplier/v1/contract/renewContractRemind',
    {
      schema: {
        tags,
        summary: '立即向供应商和研究所发送续签提醒（每份合同每天至多一次）',
        body: RemindBody,
        response: { 200: envelope(z.object({ sent: z.boolean(), message: z.string() })) },
      },
      config: { access: both },
    },
    async (req) => {
      const r = await svc.remindNow(who(req), req.body.id);
      return ok(r, r.message);
    },
  );
  app.get(
    '/supplier/v1/contract/selectOriginalContract',
    {
      schema: {
        tags,
        summary: '可续签的原合同（本公司生效中或已到期、尚未续签且无续签在办）',
        querystring: z.object({ instituteId: z.coerce.number().int().positive().optional(), t: z.string().optional() }).strict(),
        response: { 200: envelope(z.array(ContractVO)) },
      },
      config: { access: { perm: Perm.SUPPLIER_CONTRACT, accountTypes: [2] } },
    },
    async (req) => ok(await svc.originals(req.caller!, req.query.instituteId)),
  );
}
