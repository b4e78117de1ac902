import { CheckRuleBody, CheckRuleQuery, CheckRuleVO } from '@kc/contracts/finance/settlement';
import { envelope, NoQuery } from '@kc/contracts/platform/common';
import { Perm } from '@kc/contracts/platform/permissions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { who } from '../../../platform/auth/who.ts';
import { ok } from '../../../platform/http/reply.ts';
import type { CheckRulesService } from './check-rules.service.ts';
import { SETTLE_FINANCE as finance, SETTLEMENT_TAGS as tags } from './settlement-route-helpers.ts';

/** /mall/v1/checkRule: the institute's settlement rule (cycle, cut-off day, counted states, deductions). */
export function registerCheckRuleRoutes(root: FastifyInstance, rules: CheckRulesService) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/mall/v1/checkRule/detail',
    {
      schema: {
        tags,
        summary: '单位的结算规则（周期、截止日、计入状态、扣款）；未设置时为默认值',
        querystring: CheckRuleQuery,
        response: { 200: envelope(CheckRuleVO) },
      },
      config: { access: finance },
    },
    async (req) => ok(await rules.get(req.caller!, req.query.instituteId)),
  );
  app.get(
    '/mall/v1/checkRule/list',
    {
      schema: { tags, summary: '各单位的结算规则（财务只见本单位）', querystring: NoQuery, response: { 200: envelope(z.array(CheckRuleVO)) } },
      config: { access: finance },
    },
    async (req) => ok(await rules.list(req.caller!)),
  );
  app.post(
    '/mall/v1/checkRule/save',
    {
      schema: { tags, summary: '保存单位的结算规则（以后生成的对账单适用）', body: CheckRuleBody, response: { 200: envelope(CheckRuleVO) } },
      config: { access: { perm: Perm.SETTLE_FINANCE, flag: 'modify' as const } },
    },
    async (req) => ok(await rules.save(who(req), req.body), '结算规则已保存'),
  );
}
