import { AppliedClaim, ApplyClaimBody, CheckApplyQuery, ClaimablePage, ClaimIdBody, ResubmitBody } from '@kc/contracts/finance/claims';
import { envelope, Ok } from '@kc/contracts/platform/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { who } from '../../../platform/auth/who.ts';
import { ok } from '../../../platform/http/reply.ts';
import type { ClaimQueriesService } from './claim-queries.service.ts';
import { CLAIM_BUYER as buyer, CLAIM_TAGS as tags } from './claim-route-helpers.ts';
import type { ClaimsService } from './claims.service.ts';

/** The buyer's claims under /mall/v1/reimbursement/buyer: what may be claimed, apply, resubmit, cancel, remind the approver. */
export function registerClaimRoutes(root: FastifyInstance, { moves, queries }: { moves: ClaimsService; queries: ClaimQueriesService }) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/mall/v1/reimbursement/buyer/checkApplyClaim',
    {
      schema: {
        tags,
        summary: '我的可报销订单：已发货及以后的子订单，逐个说明能否报销（已验收、发票已匹配、不在其他报销单中、属于当前单位）及原因',
        querystring: CheckApplyQuery,
        response: { 200: envelope(ClaimablePage) },
      },
      config: { access: buyer },
    },
    async (req) => ok(await queries.claimable(req.caller!, req.query)),
  );
  app.post(
    '/mall/v1/reimbursement/buyer/batchApplyClaim',
    {
      schema: {
        tags,
        summary: '提交报销：所选子订单合为一张报销单（同一课题组，最多 50 个），或每个子订单一张；附件为 purpose=claim 的上传文件',
        body: ApplyClaimBody,
        response: { 200: envelope(z.array(AppliedClaim)) },
      },
      config: { access: buyer },
    },
    async (req) => ok(await moves.apply(who(req), req.body), '报销单已提交'),
  );
  app.post(
    '/mall/v1/reimbursement/buyer/claim/submit',
    {
      schema: { tags, summary: '重新提交被驳回或退回补充材料的报销单（单号不变，可追加附件）', body: ResubmitBody, response: { 200: envelope(AppliedClaim) } },
      config: { access: buyer },
    },
    async (req) => ok(await moves.resubmit(who(req), req.body), '报销单已重新提交'),
  );
  app.post(
    '/mall/v1/reimbursement/buyer/claim/cancel',
    {
      schema: { tags, summary: '撤销报销单（待提交或尚无人审批时），释放其子订单与发票', body: ClaimIdBody, response: { 200: Ok } },
      config: { access: buyer },
    },
    async (req) => {
      await moves.cancel(who(req), req.body.id);
      return ok(null, '报销单已撤销');
    },
  );
  app.post(
    '/mall/v1/reimbursement/buyer/notify',
    {
      schema: {
        tags,
        summary: '提醒当前审批人（课题组长、研究所或财务）处理，每张报销单 30 分钟内至多一次',
        body: ClaimIdBody,
        response: { 200: envelope(z.object({ notified: z.number().int() })) },
      },
      config: { access: buyer },
    },
    async (req) => ok(await moves.notify(who(req), req.body.id), '已提醒审批人'),
  );
}
