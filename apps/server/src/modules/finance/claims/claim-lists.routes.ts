import { ClaimAdminQuery, ClaimCountVO, ClaimListQuery, ClaimPage, ClaimWaitQuery, MergeListQuery, MergePage, WaitCountVO } from '@kc/contracts/finance/claims';
import { envelope, NoQuery } from '@kc/contracts/platform/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Perm } from '../../../platform/auth/access.ts';
import { ok } from '../../../platform/http/reply.ts';
import type { ClaimQueriesService } from './claim-queries.service.ts';
import { BUYER_SIDE as buyerSide, CLAIM_TAGS as tags } from './claim-route-helpers.ts';

/** The claim lists and counts under /mall/v1/merge-reimbursement (mine, team, institute, waiting for me, merged, the platform's). */
export function registerClaimListRoutes(root: FastifyInstance, queries: ClaimQueriesService) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/mall/v1/merge-reimbursement/page/all',
    {
      schema: {
        tags,
        summary: '报销单列表：scope=mine 我的、team 所领课题组的、institute 本所的（研究所负责人、财务）',
        querystring: ClaimListQuery,
        response: { 200: envelope(ClaimPage) },
      },
      config: { access: buyerSide },
    },
    async (req) => ok(await queries.list(req.caller!, req.query)),
  );
  app.get(
    '/mall/v1/merge-reimbursement/page/waitApprove',
    {
      schema: {
        tags,
        summary: '待我处理的报销单：role=team 课题组长、institute 研究所、finance 财务（不含本人的）；qrcode 为扫描的报销单二维码',
        querystring: ClaimWaitQuery,
        response: { 200: envelope(ClaimPage) },
      },
      config: { access: buyerSide },
    },
    async (req) => ok(await queries.waiting(req.caller!, req.query)),
  );
  app.get(
    '/mall/v1/merge-reimbursement/page/allByAdmin',
    {
      schema: { tags, summary: '全部报销单（平台）', querystring: ClaimAdminQuery, response: { 200: envelope(ClaimPage) } },
      config: { access: { perm: Perm.CLAIM_ADMIN, accountTypes: [0] } },
    },
    async (req) => ok(await queries.adminList(req.query)),
  );
  app.get(
    '/mall/v1/merge-reimbursement/page/merged',
    {
      schema: {
        tags,
        summary: '合并报销单列表（本所财务；平台见全部）；qrcode 为扫描的合并报销单二维码',
        querystring: MergeListQuery,
        response: { 200: envelope(MergePage) },
      },
      config: { access: buyerSide },
    },
    async (req) => ok(await queries.merges(req.caller!, req.query)),
  );
  app.get(
    '/mall/v1/merge-reimbursement/page/count',
    {
      schema: { tags, summary: '我的报销单按状态计数，及本所待完成的合并报销单数（财务）', querystring: NoQuery, response: { 200: envelope(ClaimCountVO) } },
      config: { access: buyerSide },
    },
    async (req) => ok(await queries.counts(req.caller!)),
  );
  app.get(
    '/mall/v1/merge-reimbursement/waitApprovePageCount',
    {
      schema: {
        tags,
        summary: '待我处理的报销单数：课题组长、研究所、财务各一项（不处理的环节为 0）',
        querystring: NoQuery,
        response: { 200: envelope(WaitCountVO) },
      },
      config: { access: buyerSide },
    },
    async (req) => ok(await queries.waitCounts(req.caller!)),
  );
}
