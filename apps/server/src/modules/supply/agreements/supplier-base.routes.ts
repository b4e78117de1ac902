import { envelope } from '@kc/contracts/platform/common';
import { RenewStatusBody, SupplierBaseQuery, SupplierBaseVO } from '@kc/contracts/supply/agreements';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Perm } from '../../../platform/auth/access.ts';
import { who } from '../../../platform/auth/who.ts';
import { ok } from '../../../platform/http/reply.ts';
import type { ContractsService } from './agreements.service.ts';
import { CONTRACT_TAGS as tags } from './contract-route-groups.ts';

/** /supplier/v1/supplierBase: the platform's contract ledger, one row per supplier × institute, and its renew statuses. */
export function registerSupplierBaseRoutes(root: FastifyInstance, svc: ContractsService) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/supplier/v1/supplierBase/plist',
    {
      schema: {
        tags,
        summary: '供应商合同台账（平台）：每个供应商 × 研究所一行，当前合同、是否生效、续签状态、待签署数',
        querystring: SupplierBaseQuery,
        response: { 200: envelope(z.object({ records: z.array(SupplierBaseVO), total: z.number().int(), current: z.number().int(), size: z.number().int() })) },
      },
      config: { access: { perm: Perm.CONTRACT_REVIEW } },
    },
    async (req) => ok(await svc.supplierBase(req.query)),
  );
  app.post(
    '/supplier/v1/supplierBase/modifyRenewContractStatus',
    {
      schema: {
        tags,
        summary: '修改供应商与研究所的续签状态（0 无需续签、1 待续签、2 续签中、3 已续签、4 不再续签）',
        body: RenewStatusBody,
        response: { 200: envelope(z.object({ renewStatus: z.number().int(), renewStatusName: z.string() })) },
      },
      config: { access: { perm: Perm.CONTRACT_REVIEW } },
    },
    async (req) => ok(await svc.modifyRenewStatus(who(req), req.body.contractId, req.body.renewStatus), '续签状态已修改'),
  );
}
