import { InvoiceLimitBody, InvoiceLimitQuery, InvoiceLimitVO } from '@kc/contracts/finance/invoices';
import { envelope } from '@kc/contracts/platform/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { who } from '../../../platform/auth/who.ts';
import { ok } from '../../../platform/http/reply.ts';
import { INSTITUTE_SIDE as institute, INVOICE_TAGS as tags } from './invoice-route-helpers.ts';
import type { InvoicesService } from './invoices.service.ts';

/**
 * The institute's upload rules: suppliers read them under /supplier/v1, finance of the institute
 * (and the platform) set them under either prefix — updateInvoiceUploadLimit keeps its spec path,
 * /mall/v1/invoice/setting is the same call where the institute's own pages live.
 */
export function registerInvoiceSettingRoutes(root: FastifyInstance, svc: InvoicesService) {
  const app = root.withTypeProvider<ZodTypeProvider>();
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
}
