import {
  AppliedClaim,
  ApplyClaimBody,
  CheckApplyQuery,
  ClaimAdminQuery,
  ClaimablePage,
  ClaimBatchBody,
  ClaimBatchResults,
  ClaimCountVO,
  ClaimDetailVO,
  ClaimFileVO,
  ClaimIdBody,
  ClaimListQuery,
  ClaimPage,
  ClaimRefuseBody,
  ClaimSettingBody,
  ClaimSettingVO,
  ClaimWaitQuery,
  DetailQuery,
  EwmQuery,
  EwmVO,
  FileListQuery,
  FinanceAuthVO,
  MergeDetailVO,
  MergeIdBody,
  MergeListQuery,
  MergePage,
  MergePassBody,
  MergeReturnBody,
  ResubmitBody,
  WaitCountVO,
} from '@kc/contracts/finance/claims';
import { envelope, IdParams, NoQuery, Ok } from '@kc/contracts/platform/common';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Perm } from '../../../platform/auth/access.ts';
import { who } from '../../../platform/auth/who.ts';
import { ok } from '../../../platform/http/reply.ts';
import type { ClaimQueriesService } from './claim-queries.service.ts';
import type { ClaimsService } from './claims.service.ts';

function sendPdf(reply: FastifyReply, f: { pdf: Buffer; filename: string }) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(f.filename)}`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(f.pdf);
}

const PrintQuery = DetailQuery.extend({ copy: z.enum(['buyer', 'supplier']).default('buyer') }).strict();

/**
 * /mall/v1/reimbursement (buyer, team, institute, finance), /mall/v1/merge-reimbursement (lists,
 * counts, details, files, PDFs) and /mall/v1/order-detail/finance/ewmForMerge. Approvers are
 * checked per claim against its institute and team (ApprovalsService.authorise), so the routes ask
 * only for the menu permission; reads that serve several roles take buyer-side accounts and the
 * service scopes them.
 */
export function registerClaimRoutes(root: FastifyInstance, moves: ClaimsService, queries: ClaimQueriesService) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['报销'];
  const buyerSide = { accountTypes: [0, 1] };
  const buyer = { perm: Perm.CLAIM_APPLY, accountTypes: [1] };
  const approver = { perm: Perm.CLAIM_APPROVE, accountTypes: [1] };
  const finance = { perm: Perm.CLAIM_FINANCE, accountTypes: [1] };
  const results = { 200: envelope(ClaimBatchResults) };

  // ── buyer ──
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

  // ── team leader and institute ──
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

  // ── finance ──
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

  // ── lists, counts, details ──
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
  app.get(
    '/mall/v1/merge-reimbursement/detail/:id',
    {
      schema: {
        tags,
        summary: '报销单详情（kind=claim：子订单、明细、发票、审批记录、附件）或合并报销单详情（kind=merge）',
        params: IdParams,
        querystring: DetailQuery,
        response: { 200: envelope(z.union([ClaimDetailVO, MergeDetailVO])) },
      },
      config: { access: buyerSide },
    },
    async (req) => ok(req.query.kind === 'merge' ? await queries.mergeDetail(req.caller!, req.params.id) : await queries.detail(req.caller!, req.params.id)),
  );
  app.get(
    '/mall/v1/merge-reimbursement/file/list',
    {
      schema: {
        tags,
        summary: '报销单（或合并报销单全部报销单）的附件，带签名下载链接',
        querystring: FileListQuery,
        response: { 200: envelope(z.array(ClaimFileVO)) },
      },
      config: { access: buyerSide },
    },
    async (req) => ok(await queries.fileList(req.caller!, req.query.id, req.query.kind)),
  );
  app.get(
    '/mall/v1/merge-reimbursement/printPDF/:id',
    {
      schema: {
        tags,
        summary: '报销单 PDF（kind=merge 为合并报销单：封面与其中每张报销单）；copy=supplier 为供应商联（供应商只见本公司的子订单）',
        params: IdParams,
        querystring: PrintQuery,
      },
      config: { access: { accountTypes: [0, 1, 2] } },
    },
    async (req, reply) => sendPdf(reply, await queries.pdf(req.caller!, req.params.id, req.query.kind, req.query.copy)),
  );
  app.get(
    '/mall/v1/order-detail/finance/ewmForMerge',
    {
      schema: {
        tags,
        summary: '合并报销单（kind=merge，默认）或报销单（kind=claim）的二维码：经平台签名、一年内有效的令牌及其图片，财务在柜台扫码调出该单',
        querystring: EwmQuery,
        response: { 200: envelope(EwmVO) },
      },
      config: { access: buyerSide },
    },
    async (req) => ok(await queries.ewm(req.caller!, req.query.id, req.query.kind)),
  );
}
