import { InstituteLimitVO, LimitDefaultsVO, LimitPageQuery } from '@kc/contracts/identity/org';
import { envelope, NoQuery, pageOf } from '@kc/contracts/platform/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Perm } from '../../../platform/auth/access.ts';
import { ok } from '../../../platform/http/reply.ts';
import type { LimitsService } from './limits.service.ts';

/**
 * /uac/v1/limit: the 数量限制 page's reading of every institute's limits at once. Values are set
 * through PUT /uac/v1/dept/deptCountLimit and /uac/v1/caas-user/instituteUserCountLimit.
 */
export function registerLimitRoutes(root: FastifyInstance, limits: LimitsService) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['数量限制'];
  const config = { access: { perm: Perm.LIMIT_MANAGE } };
  app.get(
    '/uac/v1/limit/page',
    {
      schema: {
        tags,
        summary: '各研究所的部门与用户数量上限及已用数量（平台管理员为全部研究所，其他为本所）',
        querystring: LimitPageQuery,
        response: { 200: envelope(pageOf(InstituteLimitVO)) },
      },
      config,
    },
    async (req) => ok(await limits.overview(req.caller!, { name: req.query.name }, req.query.current, req.query.size)),
  );
  app.get(
    '/uac/v1/limit/defaults',
    { schema: { tags, summary: '平台默认的数量上限', querystring: NoQuery, response: { 200: envelope(LimitDefaultsVO) } }, config },
    async () => ok(await limits.defaults()),
  );
}
