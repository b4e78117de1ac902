import { ClaimDetailVO, ClaimFileVO, DetailQuery, EwmQuery, EwmVO, FileListQuery, MergeDetailVO } from '@kc/contracts/finance/claims';
import { envelope, IdParams } from '@kc/contracts/platform/common';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../../platform/http/reply.ts';
import type { ClaimQueriesService } from './claim-queries.service.ts';
import { BUYER_SIDE as buyerSide, CLAIM_TAGS as tags } from './claim-route-helpers.ts';

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
 * One claim or merged claim under /mall/v1/merge-reimbursement (detail, attachments, PDF) and its QR
 * code for the finance desk (/mall/v1/order-detail/finance/ewmForMerge).
 */
export function registerClaimDetailRoutes(root: FastifyInstance, queries: ClaimQueriesService) {
  const app = root.withTypeProvider<ZodTypeProvider>();
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
