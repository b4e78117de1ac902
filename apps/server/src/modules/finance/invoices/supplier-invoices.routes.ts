import {
  BillableQuery,
  BillableVO,
  InvoiceDetailVO,
  InvoiceListQuery,
  InvoiceParseBody,
  InvoiceUploadBody,
  ParsedInvoiceVO,
} from '@kc/contracts/finance/invoices';
import { envelope, IdBody, Ok, pageOf } from '@kc/contracts/platform/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Perm } from '../../../platform/auth/access.ts';
import { who } from '../../../platform/auth/who.ts';
import { ok } from '../../../platform/http/reply.ts';
import { INVOICE_TAGS as tags } from './invoice-route-helpers.ts';
import type { InvoicesService } from './invoices.service.ts';

/** /supplier/v1/order/invoice*: the supplier's invoices (permission 发票管理) — upload, list, what is billable, read a file, delete. */
export function registerSupplierInvoiceRoutes(root: FastifyInstance, svc: InvoicesService) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const supplier = { perm: Perm.SUPPLIER_INVOICE, accountTypes: [2] };

  app.post(
    '/supplier/v1/order/invoiceUpload',
    {
      schema: {
        tags,
        summary:
          '上传一张发票（明细、文件、所开的子订单）：子订单须为本公司已验收、同一研究所；每行不含税+税额=价税合计；不超过可开票金额；同一发票只收一次；购方不符记为异常。带 blueNumber 为红字发票（全额冲销）',
        body: InvoiceUploadBody,
        response: {
          200: envelope(z.object({ id: z.number().int(), status: z.string(), exception: z.string().nullable(), subNos: z.array(z.string()) })),
        },
      },
      config: { access: { perm: Perm.SUPPLIER_INVOICE, flag: 'add' } },
    },
    async (req) => {
      const r = await svc.upload(who(req), req.body);
      return ok(r, r.exception ? `发票已上传，但有异常待财务确认：${r.exception}` : req.body.blueNumber ? '红字发票已上传，蓝字发票已冲销' : '发票已上传');
    },
  );
  app.get(
    '/supplier/v1/order/invoiceUploadList',
    {
      schema: {
        tags,
        summary: '本公司上传的发票（按号码、子订单号、状态、研究所查询），含明细与所开子订单',
        querystring: InvoiceListQuery,
        response: { 200: envelope(pageOf(InvoiceDetailVO)) },
      },
      config: { access: supplier },
    },
    async (req) => ok(await svc.list(req.caller!, req.query)),
  );
  app.get(
    '/supplier/v1/order/invoiceBillable',
    {
      schema: {
        tags,
        summary: '待开票：本公司已验收的子订单，含三单匹配状态、开票期限与剩余天数（可按匹配状态筛选）',
        querystring: BillableQuery,
        response: { 200: envelope(pageOf(BillableVO)) },
      },
      config: { access: supplier },
    },
    async (req) => ok(await svc.billable(req.caller!, req.query)),
  );
  app.post(
    '/supplier/v1/order/invoiceParse',
    {
      schema: {
        tags,
        summary: '读取已上传的发票文件（数电 XML；PDF 读文字层），答出号码、日期、购销双方、金额与明细供确认，不保存',
        body: InvoiceParseBody,
        response: { 200: envelope(ParsedInvoiceVO) },
      },
      config: { access: supplier },
    },
    async (req) => ok(await svc.parse(req.caller!, req.body.fileId)),
  );
  app.post(
    '/supplier/v1/order/invoiceDelete',
    {
      schema: { tags, summary: '删除上传有误的发票（已报销、已红冲的不能删除，只能红冲）', body: IdBody, response: { 200: Ok } },
      config: { access: { perm: Perm.SUPPLIER_INVOICE, flag: 'delete' } },
    },
    async (req) => {
      await svc.remove(who(req), req.body.id);
      return ok(null, '发票已删除');
    },
  );
}
