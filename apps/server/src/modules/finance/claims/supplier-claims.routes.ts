import {
  BatchInvoiceResults,
  BatchInvoiceUploadBody,
  InvoiceFileUrl,
  PaperInvoiceQuery,
  SupplierClaimDetail,
  SupplierClaimPage,
  SupplierClaimQuery,
} from '@kc/contracts/finance/claims-supplier';
import { envelope, IdParams, NoQuery } from '@kc/contracts/platform/common';
import { Perm } from '@kc/contracts/platform/permissions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { who } from '../../../platform/auth/who.ts';
import { ok } from '../../../platform/http/reply.ts';
import type { SupplierClaimsService } from './supplier-claims.service.ts';

/** /supplier/v1/apiReimbursement: the claims that hold a supplier's sub-orders, seen and served from the supplier's 发票管理. */
export function registerSupplierClaimRoutes(root: FastifyInstance, svc: SupplierClaimsService) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['供应商报销单'];
  const reader = { perm: Perm.SUPPLIER_INVOICE, accountTypes: [2] };

  app.get(
    '/supplier/v1/apiReimbursement/plist',
    {
      schema: {
        tags,
        summary: '含本公司子订单的报销单（金额为本公司部分），可按单号、状态筛选',
        querystring: SupplierClaimQuery,
        response: { 200: envelope(SupplierClaimPage) },
      },
      config: { access: reader },
    },
    async (req) => ok(await svc.page(req.caller!, req.query)),
  );
  app.get(
    '/supplier/v1/apiReimbursement/detail/:id',
    {
      schema: { tags, summary: '报销单中本公司的子订单及其发票', params: IdParams, querystring: NoQuery, response: { 200: envelope(SupplierClaimDetail) } },
      config: { access: reader },
    },
    async (req) => ok(await svc.detail(req.caller!, req.params.id)),
  );
  app.post(
    '/supplier/v1/apiReimbursement/batchUploadInvoice',
    {
      schema: {
        tags,
        summary: '批量上传发票（每张与 invoiceUpload 相同的校验，逐张保存、逐张给出结果）',
        body: BatchInvoiceUploadBody,
        response: { 200: envelope(BatchInvoiceResults) },
      },
      config: { access: { ...reader, flag: 'add' } },
    },
    async (req) => {
      const results = await svc.batchUpload(who(req), req.body.invoices);
      const done = results.filter((r) => r.ok).length;
      return ok(results, `已上传 ${done} 张，${results.length - done} 张未通过`);
    },
  );
  app.get(
    '/supplier/v1/apiReimbursement/getInvoiceUrlById/:id',
    {
      schema: { tags, summary: '本公司一张发票文件的签名下载链接', params: IdParams, querystring: NoQuery, response: { 200: envelope(InvoiceFileUrl) } },
      config: { access: reader },
    },
    async (req) => ok(await svc.fileUrl(req.caller!, req.params.id)),
  );
  app.post(
    '/supplier/v1/apiReimbursement/confirmProvidePaperInvoice',
    {
      schema: {
        tags,
        summary: '确认为该报销单提供纸质发票（本公司在其中的全部发票标记为将寄送纸质件，并通知报销人）',
        querystring: PaperInvoiceQuery,
        response: { 200: envelope(z.object({ confirmed: z.number().int() })) },
      },
      config: { access: { ...reader, flag: 'modify' } },
    },
    async (req) => ok({ confirmed: await svc.confirmPaper(who(req), req.query.mallReimbursementId) }, '已确认提供纸质发票'),
  );
}
