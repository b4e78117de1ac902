import { AcceptExceptionBody, InvoiceDetailVO, SubOrderInvoicesVO } from '@kc/contracts/finance/invoices';
import { envelope, IdParams, NoQuery, Ok } from '@kc/contracts/platform/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { who } from '../../../platform/auth/who.ts';
import { ok } from '../../../platform/http/reply.ts';
import { INSTITUTE_SIDE as institute, INVOICE_TAGS as tags } from './invoice-route-helpers.ts';
import type { InvoicesService } from './invoices.service.ts';

/** /mall/v1/invoice/*: the buyer's, the institute's and finance's side — a sub-order's invoices, one invoice, accepting an exception. */
export function registerInvoiceRoutes(root: FastifyInstance, svc: InvoicesService) {
  const app = root.withTypeProvider<ZodTypeProvider>();
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
