import { ClaimSettingBody, ClaimSettingVO } from '@kc/contracts/finance/claims';
import { envelope, NoQuery } from '@kc/contracts/platform/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { who } from '../../../platform/auth/who.ts';
import { ok } from '../../../platform/http/reply.ts';
import { BUYER_SIDE as buyerSide, CLAIM_TAGS as tags } from './claim-route-helpers.ts';
import type { ClaimsService } from './claims.service.ts';

/** The institute's claim rule (/mall/v1/reimbursement/finance/setting): the settlement freeze window. */
export function registerClaimSettingRoutes(root: FastifyInstance, moves: ClaimsService) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/mall/v1/reimbursement/finance/setting',
    {
      schema: {
        tags,
        summary: '本单位的报销规则：结账期（MM-DD 至 MM-DD，期间暂停提交报销）',
        querystring: NoQuery,
        response: { 200: envelope(ClaimSettingVO) },
      },
      config: { access: buyerSide },
    },
    async (req) => ok(await moves.setting(req.caller!)),
  );
  app.post(
    '/mall/v1/reimbursement/finance/setting',
    {
      schema: {
        tags,
        summary: '设置本单位的结账期（财务或研究所负责人；两项都留空即取消）',
        body: ClaimSettingBody,
        response: { 200: envelope(ClaimSettingVO) },
      },
      config: { access: { accountTypes: [1] } },
    },
    async (req) => ok(await moves.saveSetting(who(req), req.body), '报销规则已保存'),
  );
}
