import { OrderExportQuery, PrintListQuery } from '@kc/contracts/buying/orders-documents';
import { IdParams, IdQuery, NoQuery } from '@kc/contracts/platform/common';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Access, type Caller, Perm } from '../../../platform/auth/access.ts';
import { sendFile, XLSX_TYPE as XLSX } from '../../../platform/http/send-file.ts';
import type { ExportPage, ExportService } from './export/export.service.ts';
import type { PrintedFile, PrintService } from './print/print.service.ts';

/** Files are answered as they are (no envelope); errors still come back as the JSON envelope. */
const sendPdf = (reply: FastifyReply, f: PrintedFile) => sendFile(reply, 'application/pdf', 'inline', f.filename, f.pdf);

/**
 * Printed orders and delivery notes (PDF) and order exports (Excel). Like every API call these are
 * signed: the web client fetches them as blobs through its signed client and opens the blob, so
 * none of them is on the unsigned list.
 */
export function registerDocumentRoutes(root: FastifyInstance, { print, exporter }: { print: PrintService; exporter: ExportService }) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const who = (req: { caller: Caller | null; ip: string }) => ({ caller: req.caller!, ip: req.ip });

  const tags = ['订单打印与导出'];
  app.get(
    '/mall/v1/order-detail/printPDF/:id',
    { schema: { tags, summary: '打印订单（PDF，与订单详情同样的可见范围）', params: IdParams, querystring: NoQuery }, config: { access: 'login' } },
    async (req, reply) => sendPdf(reply, await print.orders(req.caller!, [req.params.id])),
  );
  app.get(
    '/mall/v1/order-detail/printPDFList',
    { schema: { tags, summary: '批量打印订单（一个 PDF，每单分页；最多 50 单）', querystring: PrintListQuery }, config: { access: 'login' } },
    async (req, reply) => sendPdf(reply, await print.orders(req.caller!, req.query.ids)),
  );
  // docs/domains/platform.md#spec-paths names the delivery-note paths without an id segment: ?id= there, the same notes
  app.get(
    '/supplier/v1/deliver/printDeliverOrder',
    { schema: { tags, summary: '打印子订单送货单（PDF，?id=子订单）', querystring: IdQuery }, config: { access: { accountTypes: [2] } } },
    async (req, reply) => sendPdf(reply, await print.subOrderNote(req.caller!, req.query.id)),
  );
  app.get(
    '/supplier/v1/deliver/printSubDeliverOrder',
    { schema: { tags, summary: '打印单次发货的送货单（PDF，?id=发货）', querystring: IdQuery }, config: { access: { accountTypes: [2] } } },
    async (req, reply) => sendPdf(reply, await print.deliveryNote(req.caller!, req.query.id)),
  );
  app.get(
    '/supplier/v1/deliver/printDeliverOrder/:id',
    { schema: { tags, summary: '打印子订单送货单（PDF）', params: IdParams, querystring: NoQuery }, config: { access: { accountTypes: [2] } } },
    async (req, reply) => sendPdf(reply, await print.subOrderNote(req.caller!, req.params.id)),
  );
  app.get(
    '/supplier/v1/deliver/printSubDeliverOrder/:id',
    { schema: { tags, summary: '打印单次发货的送货单（PDF）', params: IdParams, querystring: NoQuery }, config: { access: { accountTypes: [2] } } },
    async (req, reply) => sendPdf(reply, await print.deliveryNote(req.caller!, req.params.id)),
  );

  const exportRoute = (page: ExportPage, path: string, access: Access, summary: string) =>
    app.get(path, { schema: { tags, summary, querystring: OrderExportQuery }, config: { access } }, async (req, reply) => {
      const f = await exporter.orders(who(req), page, req.query);
      return sendFile(reply, XLSX, 'attachment', f.filename, f.xlsx);
    });
  exportRoute('buyer', '/mall/v1/order-caas/buyer/export', { perm: Perm.ORDER_BUY }, '导出我的订单（Excel，需页面导出权限）');
  exportRoute('team', '/mall/v1/order-caas/team/export', { perm: Perm.ORDER_APPROVE }, '导出课题组审批订单（Excel，需页面导出权限）');
  exportRoute('institute', '/mall/v1/order-caas/institute/export', { perm: Perm.ORDER_APPROVE }, '导出研究所审批订单（Excel，需页面导出权限）');
  exportRoute('finance', '/mall/v1/order-caas/finance/export', { perm: Perm.ORDER_FINANCE }, '导出本所订单（Excel，需页面导出权限）');
  exportRoute('admin', '/mall/v1/order-supplier/admin/export', { accountTypes: [0] }, '平台：导出全部订单（Excel）');
  exportRoute('supplier', '/supplier/v1/order/export', { perm: Perm.SUPPLIER_DELIVER, accountTypes: [2] }, '供应商：导出子订单（Excel）');
}
