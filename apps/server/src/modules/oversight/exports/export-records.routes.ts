import { AddExportRecordBody, ExportFileInfo, ExportRecordQuery, ExportRecordVO, GetFileInfoQuery, SupplierExportBody } from '@kc/contracts/oversight/exports';
import { envelope, pageOf } from '@kc/contracts/platform/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Perm } from '../../../platform/auth/access.ts';
import { who } from '../../../platform/auth/who.ts';
import { ok } from '../../../platform/http/reply.ts';
import type { ExportRecordsService } from './export-records.service.ts';

/**
 * Asynchronous exports and their records (导出记录): the buyer-side and platform lists
 * (/mall/v1/export/addRecord), the supplier's (/supplier/v1/order/op/export_async_post), the
 * record with its signed link (getFileInfo), and the pages of records — the caller's own, the
 * institute's (owner, finance), the platform's (all), the supplier's.
 */
export function registerExportRecordRoutes(root: FastifyInstance, svc: ExportRecordsService) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['导出记录'];
  const recordPage = { 200: envelope(pageOf(ExportRecordVO)) };

  app.post(
    '/mall/v1/export/addRecord',
    {
      schema: {
        tags,
        summary: '后台导出订单列表：生成导出记录并排队（需该列表页面的导出权限，范围同列表），完成后在导出记录中下载',
        body: AddExportRecordBody,
        response: { 200: envelope(ExportRecordVO) },
      },
      config: { access: { accountTypes: [0, 1] } },
    },
    async (req) => ok(await svc.add(who(req), req.body.page, req.body.filter), '已加入导出队列，完成后可在“导出记录”中下载'),
  );
  app.get(
    '/mall/v1/export/getFileInfo',
    {
      schema: {
        tags,
        summary: '导出记录详情：状态、进度；完成后带 30 分钟有效的签名下载链接',
        querystring: GetFileInfoQuery,
        response: { 200: envelope(ExportFileInfo) },
      },
      config: { access: 'login' },
    },
    async (req) => ok(await svc.fileInfo(req.caller!, req.query.id)),
  );
  app.get(
    '/mall/v1/export/page',
    { schema: { tags, summary: '我的导出记录', querystring: ExportRecordQuery, response: recordPage }, config: { access: { accountTypes: [0, 1] } } },
    async (req) => ok(await svc.mine(req.caller!, req.query)),
  );
  app.get(
    '/mall/v1/orderExport/admin/page',
    { schema: { tags, summary: '平台：全部导出记录', querystring: ExportRecordQuery, response: recordPage }, config: { access: { accountTypes: [0] } } },
    async (req) => ok(await svc.all(req.caller!, req.query)),
  );
  app.get(
    '/mall/v1/orderExport/institute/page',
    {
      schema: { tags, summary: '本所的导出记录（研究所负责人、财务）', querystring: ExportRecordQuery, response: recordPage },
      config: { access: { accountTypes: [1] } },
    },
    async (req) => ok(await svc.ofInstitute(req.caller!, req.query)),
  );

  const supplier = { perm: Perm.SUPPLIER_DELIVER, accountTypes: [2] };
  app.post(
    '/supplier/v1/order/op/export_async_post',
    {
      schema: { tags, summary: '供应商：后台导出子订单列表（完成后在导出记录中下载）', body: SupplierExportBody, response: { 200: envelope(ExportRecordVO) } },
      config: { access: supplier },
    },
    async (req) => ok(await svc.add(who(req), 'supplier', req.body.filter), '已加入导出队列，完成后可在“导出记录”中下载'),
  );
  app.get(
    '/supplier/v1/order/op/export_page',
    { schema: { tags, summary: '供应商：本公司的导出记录', querystring: ExportRecordQuery, response: recordPage }, config: { access: supplier } },
    async (req) => ok(await svc.ofSupplier(req.caller!, req.query)),
  );
}
