import { ClaimRefuseBody, FinanceAuthVO, MergeIdBody, MergePassBody, MergeReturnBody } from '@kc/contracts/finance/claims';
import { envelope, NoQuery, Ok } from '@kc/contracts/platform/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { who } from '../../../platform/auth/who.ts';
import { ok } from '../../../platform/http/reply.ts';
import { BUYER_SIDE as buyerSide, CLAIM_FINANCE as finance, BATCH_RESULTS as results, CLAIM_TAGS as tags } from './claim-route-helpers.ts';
import type { ClaimsService } from './claims.service.ts';

/** Finance's moves on claims (/mall/v1/reimbursement/finance): merge and pass, complete, send back for more material, refuse. */
export function registerClaimFinanceRoutes(root: FastifyInstance, moves: ClaimsService) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/mall/v1/reimbursement/finance/isHaveAuth',
    {
      schema: { tags, summary: '当前用户是否为本单位财务（能否办理合并报销）', querystring: NoQuery, response: { 200: envelope(FinanceAuthVO) } },
      config: { access: buyerSide },
    },
    async (req) => ok(await moves.financeAuth(req.caller!)),
  );
  app.post(
    '/mall/v1/reimbursement/finance/mergeClaim/batchPass',
    {
      schema: {
        tags,
        summary: '财务审核通过：把本所待财务审核的报销单合并为一张合并报销单（最多 50 张），等待报销完成',
        body: MergePassBody,
        response: { 200: envelope(z.object({ id: z.number().int(), mergeNo: z.string() })) },
      },
      config: { access: finance },
    },
    async (req) => ok(await moves.mergePass(who(req), req.body.ids, req.body.remark ?? null), '已合并并审核通过'),
  );
  app.post(
    '/mall/v1/reimbursement/finance/mergeClaim/complete',
    { schema: { tags, summary: '合并报销单报销完成：其中每张报销单完成', body: MergeIdBody, response: { 200: Ok } }, config: { access: finance } },
    async (req) => {
      await moves.complete(who(req), req.body.id);
      return ok(null, '报销已完成');
    },
  );
  app.post(
    '/mall/v1/reimbursement/finance/mergeClaim/noComplete',
    {
      schema: {
        tags,
        summary: '退回补充材料：合并报销单中的报销单退回报销人（单号与已有审批不变，补充后直接回到财务）',
        body: MergeReturnBody,
        response: { 200: Ok },
      },
      config: { access: finance },
    },
    async (req) => {
      await moves.noComplete(who(req), req.body.id, req.body.reason);
      return ok(null, '已退回补充材料');
    },
  );
  app.post(
    '/mall/v1/reimbursement/finance/cancelAndRefuse',
    {
      schema: { tags, summary: '财务驳回报销单（可批量，须填原因）：移出合并报销单并退回报销人', body: ClaimRefuseBody, response: results },
      config: { access: finance },
    },
    async (req) => ok(await moves.cancelAndRefuse(who(req), req.body.ids, req.body.reason), '已驳回'),
  );
}
