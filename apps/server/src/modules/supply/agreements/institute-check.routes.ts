import { envelope } from '@kc/contracts/platform/common';
import { ValidateInstituteQuery, ValidateInstituteVO } from '@kc/contracts/supply/agreements';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../../platform/http/reply.ts';
import type { ContractsService } from './agreements.service.ts';
import { CONTRACT_TAGS as tags } from './contract-route-groups.ts';

/** /supplier/v1/warehouse/validateInstitute: the supplier asks whether it may supply an institute, and why not. */
export function registerInstituteCheckRoutes(root: FastifyInstance, svc: ContractsService) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/supplier/v1/warehouse/validateInstitute',
    {
      schema: {
        tags,
        summary: '本供应商能否向某研究所供货：合同生效且供货区域覆盖该所（默认按该所最常用的收货省份），给出原因',
        querystring: ValidateInstituteQuery,
        response: { 200: envelope(ValidateInstituteVO) },
      },
      config: { access: { accountTypes: [2] } },
    },
    async (req) => ok(await svc.validateInstitute(req.caller!, req.query.instituteId, req.query.province || undefined)),
  );
}
