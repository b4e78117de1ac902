import { ClaimBatchBody, ClaimRefuseBody } from '@kc/contracts/finance/claims';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { who } from '../../../platform/auth/who.ts';
import { ok } from '../../../platform/http/reply.ts';
import { CLAIM_APPROVER as approver, BATCH_RESULTS as results, CLAIM_TAGS as tags } from './claim-route-helpers.ts';
import type { ClaimsService } from './claims.service.ts';

/** The team leader's and the institute's decisions on claims (/mall/v1/reimbursement/{team,institute}/claim/*). */
export function registerClaimApprovalRoutes(root: FastifyInstance, moves: ClaimsService) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  for (const step of ['team', 'institute'] as const) {
    app.post(
      `/mall/v1/reimbursement/${step}/claim/batchPass`,
      {
        schema: { tags, summary: `${step === 'team' ? '课题组长' : '研究所'}审批通过报销单（可批量）`, body: ClaimBatchBody, response: results },
        config: { access: approver },
      },
      async (req) => ok(await moves.decide(who(req), step, req.body.ids, 'pass', null), '审批完成'),
    );
    app.post(
      `/mall/v1/reimbursement/${step}/claim/batchRefuse`,
      {
        schema: {
          tags,
          summary: `${step === 'team' ? '课题组长' : '研究所'}驳回报销单（可批量，须填原因），退回报销人`,
          body: ClaimRefuseBody,
          response: results,
        },
        config: { access: approver },
      },
      async (req) => ok(await moves.decide(who(req), step, req.body.ids, 'refuse', req.body.reason), '已驳回'),
    );
  }
}
