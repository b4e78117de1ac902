import { OrderImportApplied, OrderImportVO } from '@kc/contracts/oversight/exports';
import { envelope, IdParams, NoQuery } from '@kc/contracts/platform/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { who } from '../../../platform/auth/who.ts';
import { fail } from '../../../platform/http/errors.ts';
import { ok } from '../../../platform/http/reply.ts';
import { sendFile, XLSX_TYPE } from '../../../platform/http/send-file.ts';
import { readUploadedFiles } from '../../shared/files/index.ts';
import type { OrderImportService } from './order-import.service.ts';
import { orderImportTemplate } from './order-import-sheet.ts';

/** The platform's import of historical orders: template, upload with checks and preview, the preview again, confirmation. */
export function registerOrderImportRoutes(root: FastifyInstance, svc: OrderImportService) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['历史订单导入'];
  const admin = { accountTypes: [0] };

  app.get(
    '/mall/v1/orderExport/admin/import/template',
    { schema: { tags, summary: '下载历史订单导入模板（各列为文本格式）', querystring: NoQuery }, config: { access: admin } },
    async (_req, reply) => sendFile(reply, XLSX_TYPE, 'attachment', '历史订单导入模板.xlsx', await orderImportTemplate()),
  );
  app.post(
    '/mall/v1/orderExport/admin/import',
    {
      schema: {
        tags,
        summary: '上传历史订单（Excel）：逐行校验，列出每一行错误，无错误时生成预览，60 分钟内确认后一次性生成订单',
        querystring: NoQuery,
        response: { 200: envelope(OrderImportVO) },
      },
      config: { access: admin },
    },
    async (req) => {
      const files = await readUploadedFiles(req);
      if (files.length !== 1) fail('BAD_REQUEST', '请只上传一个订单文件');
      const r = await svc.upload(who(req), files[0]);
      return ok(r, r.errorRows ? `有 ${r.errorRows} 行错误，请修改后重新上传` : `校验通过：${r.totalRows} 行，${r.orderCount} 个订单，请核对预览后确认导入`);
    },
  );
  app.get(
    '/mall/v1/orderExport/admin/import/:id',
    {
      schema: { tags, summary: '一次导入的预览与错误行', params: IdParams, querystring: NoQuery, response: { 200: envelope(OrderImportVO) } },
      config: { access: admin },
    },
    async (req) => ok(await svc.detail(req.caller!, req.params.id)),
  );
  app.post(
    '/mall/v1/orderExport/admin/import/:id/confirm',
    {
      schema: {
        tags,
        summary: '确认导入：在一个事务中生成全部订单（已完成）',
        params: IdParams,
        querystring: NoQuery,
        response: { 200: envelope(OrderImportApplied) },
      },
      config: { access: admin },
    },
    async (req) => {
      const r = await svc.confirm(who(req), req.params.id);
      return ok(r, `已导入 ${r.orders} 个订单（${r.lines} 行）`);
    },
  );
}
