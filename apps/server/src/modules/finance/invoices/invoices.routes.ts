import {
  AcceptExceptionBody,
  BillableQuery,
  BillableVO,
  InvoiceDetailVO,
  InvoiceLimitBody,
  InvoiceLimitQuery,
  InvoiceLimitVO,
  InvoiceListQuery,
  InvoiceParseBody,
  InvoiceUploadBody,
  ParsedInvoiceVO,
  SubOrderInvoicesVO,
} from '@kc/contracts/finance/invoices';
import { envelope, IdBody, IdParams, NoQuery, Ok, pageOf } from '@kc/contracts/platform/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Perm } from '../../../platform/auth/access.ts';
import { who } from '../../../platform/auth/who.ts';
import { ok } from '../../../platform/http/reply.ts';
import type { InvoicesService } from './invoices.service.ts';

/**
 * /supplier/v1/order/invoice* (the supplier's side, permission 发票管理) and /mall/v1/invoice/* (the
 * buyer's, the institute's and finance's side). The upload rules are the institute's: suppliers
 * read them under /supplier/v1, finance of the institute (and the platform) set them under either
 * prefix — updateInvoiceUploadLimit keeps its spec path, /mall/v1/invoice/setting is the same call
 * where the institute's own pages live.
 */
export function registerInvoiceRoutes(root: FastifyInstance, svc: InvoicesService) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['发票'];
  const supplier = { perm: Perm.SUPPLIER_INVOICE, accountTypes: [2] };
  const institute = { accountTypes: [0, 1] };

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
  app.get(
    '/supplier/v1/order/getInvoiceUploadLimit',
    {
      schema: {
        tags,
        summary: '研究所的发票上传规则（每子订单文件数、大小、类型、开票期限、超开容差）与发票抬头、税号；供应商须指定 instituteId',
        querystring: InvoiceLimitQuery,
        response: { 200: envelope(InvoiceLimitVO) },
      },
      config: { access: 'login' },
    },
    async (req) => ok(await svc.limit(req.caller!, req.query.instituteId)),
  );
  const updateLimit = {
    schema: {
      tags,
      summary: '设置本研究所的发票上传规则、抬头与税号、开票与付款约定（本所财务；平台管理员须指定 instituteId）',
      body: InvoiceLimitBody,
      response: { 200: envelope(InvoiceLimitVO) },
    },
    config: { access: institute },
  } as const;
  app.post('/supplier/v1/order/updateInvoiceUploadLimit', updateLimit, async (req) => ok(await svc.updateLimit(who(req), req.body), '发票规则已保存'));
  app.post('/mall/v1/invoice/setting', updateLimit, async (req) => ok(await svc.updateLimit(who(req), req.body), '发票规则已保存'));
  app.get(
    '/mall/v1/invoice/setting',
    {
      schema: { tags, summary: '本研究所的发票规则（同 getInvoiceUploadLimit）', querystring: InvoiceLimitQuery, response: { 200: envelope(InvoiceLimitVO) } },
      config: { access: institute },
    },
    async (req) => ok(await svc.limit(req.caller!, req.query.instituteId)),
  );

  app.get(
    '/mall/v1/invoice/getInvoiceList/:id',
    {
      schema: {
        tags,
        summary: '子订单（id）的发票、三单匹配与开票期限：订单的采购人、课题组长、本所负责人/验收人/财务、该子订单的供应商、平台可见',
        params: IdParams,
        querystring: NoQuery,
        response: { 200: envelope(SubOrderInvoicesVO) },
      },
      config: { access: 'login' },
    },
    async (req) => ok(await svc.subOrderInvoices(req.caller!, req.params.id)),
  );
  app.get(
    '/mall/v1/invoice/getInvoice/:id',
    {
      schema: {
        tags,
        summary: '一张发票（id）的详情：能看到它所开子订单之一的人可见',
        params: IdParams,
        querystring: NoQuery,
        response: { 200: envelope(InvoiceDetailVO) },
      },
      config: { access: 'login' },
    },
    async (req) => ok(await svc.invoice(req.caller!, req.params.id)),
  );
  app.post(
    '/mall/v1/invoice/acceptException',
    {
      schema: {
        tags,
        summary: '财务接受发票异常（须填原因，记入审计日志并通知供应商），发票计为已匹配',
        body: AcceptExceptionBody,
        response: { 200: Ok },
      },
      config: { access: institute },
    },
    async (req) => {
      await svc.acceptException(who(req), req.body.id, req.body.reason);
      return ok(null, '已接受该发票异常');
    },
  );
}
