import { envelope, IdParams, NoQuery, Ok, pageOf } from '@kc/contracts/platform/common';
import { PriceImportQuery, PriceImportVO, PriceRowQuery, PriceRowVO } from '@kc/contracts/supply/catalog-price-imports';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Perm } from '../../../platform/auth/access.ts';
import { who } from '../../../platform/auth/who.ts';
import { fail } from '../../../platform/http/errors.ts';
import { ok } from '../../../platform/http/reply.ts';
import { sendFile, XLSX_TYPE } from '../../../platform/http/send-file.ts';
import { readUploadedFiles } from '../../shared/files/index.ts';
import type { PriceImportsService } from './price-imports.service.ts';

/**
 * Price imports of 商品管理: template, export of current prices, upload with preview (itemCache),
 * confirmation, the error copy, import records (importItemRecord) and their rollback. The caller's
 * own supplier only; another supplier's import is "not found".
 */
export function registerPriceImportRoutes(root: FastifyInstance, svc: PriceImportsService) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['供应商价格导入'];
  const edit = { perm: Perm.SUPPLIER_ITEM_EDIT, accountTypes: [2] };

  app.get(
    '/supplier/v1/item/excel/priceTemplate/download',
    { schema: { tags, summary: '下载价格导入模板（各列为文本格式）', querystring: NoQuery }, config: { access: edit } },
    async (_req, reply) => {
      const f = await svc.template();
      return sendFile(reply, XLSX_TYPE, 'attachment', f.filename, f.xlsx);
    },
  );
  app.get(
    '/supplier/v1/item/excel/exportPrice',
    { schema: { tags, summary: '导出本供应商在售与下架商品的现价（与模板同格式，可修改后导入）', querystring: NoQuery }, config: { access: edit } },
    async (req, reply) => {
      const f = await svc.exportPrices(req.caller!);
      return sendFile(reply, XLSX_TYPE, 'attachment', f.filename, f.xlsx);
    },
  );
  app.post(
    '/supplier/v1/item/excel/uploadPrice',
    {
      schema: { tags, summary: '上传价格表：逐行校验并生成预览，1 小时内确认后生效', querystring: NoQuery, response: { 200: envelope(PriceImportVO) } },
      config: { access: edit },
    },
    async (req) => {
      const files = await readUploadedFiles(req);
      if (files.length !== 1) fail('BAD_REQUEST', '请只上传一个价格表文件');
      const result = await svc.upload(who(req), files[0]);
      return ok(result, result.errorRows ? `价格表有 ${result.errorRows} 行错误，请下载错误报告修改后重新上传` : '校验通过，请核对预览后确认导入');
    },
  );
  app.get(
    '/supplier/v1/itemCache/plist',
    {
      schema: {
        tags,
        summary: '导入预览：价格表各行与所匹配商品的现值、新值（按新增、涨价、降价、不变、有错误筛选）',
        querystring: PriceRowQuery,
        response: { 200: envelope(pageOf(PriceRowVO)) },
      },
      config: { access: edit },
    },
    async (req) => ok(await svc.rows(req.caller!, req.query)),
  );
  app.get(
    '/supplier/v1/item/excel/import/:id',
    {
      schema: { tags, summary: '一次导入的概况', params: IdParams, querystring: NoQuery, response: { 200: envelope(PriceImportVO) } },
      config: { access: edit },
    },
    async (req) => ok(await svc.detail(req.caller!, req.params.id)),
  );
  app.get(
    '/supplier/v1/item/excel/errorFile/:id',
    { schema: { tags, summary: '下载错误报告：上传的各行加一列错误原因', params: IdParams, querystring: NoQuery }, config: { access: edit } },
    async (req, reply) => {
      const f = await svc.errorFile(req.caller!, req.params.id);
      return sendFile(reply, XLSX_TYPE, 'attachment', f.filename, f.xlsx);
    },
  );
  app.post(
    '/supplier/v1/item/excel/confirm/:id',
    {
      schema: { tags, summary: '确认导入：全部生效或全部不变；涨跌超过 30% 的价格与新增商品提交平台审核', params: IdParams, response: { 200: Ok } },
      config: { access: edit },
    },
    async (req) => {
      const proposals = await svc.confirm(who(req), req.params.id);
      return ok(null, proposals ? `导入已生效，${proposals} 个新增商品已提交平台审核` : '导入已生效');
    },
  );
  app.post(
    '/supplier/v1/item/excel/cancel/:id',
    { schema: { tags, summary: '放弃待确认的导入', params: IdParams, response: { 200: Ok } }, config: { access: edit } },
    async (req) => {
      await svc.cancel(who(req), req.params.id);
      return ok(null, '已放弃本次导入');
    },
  );
  app.post(
    '/supplier/v1/item/excel/rollback/:id',
    {
      schema: {
        tags,
        summary: '撤销本次导入：恢复导入前的价格、库存与货期（记为一条新的导入记录），撤回仍在审核中的新增商品申请',
        params: IdParams,
        response: {
          200: envelope(z.object({ id: z.number().int(), proposalsWithdrawn: z.number().int(), proposalsApproved: z.number().int() })),
        },
      },
      config: { access: edit },
    },
    async (req) => {
      const r = await svc.rollback(who(req), req.params.id);
      return ok(r, rollbackMessage(r));
    },
  );
  app.get(
    '/supplier/v1/importItemRecord/list',
    { schema: { tags, summary: '价格导入记录', querystring: PriceImportQuery, response: { 200: envelope(pageOf(PriceImportVO)) } }, config: { access: edit } },
    async (req) => ok(await svc.page(req.caller!, req.query)),
  );
}

/** What a rollback tells the supplier: prices back, and what became of the sheet's new items. */
function rollbackMessage(r: { proposalsWithdrawn: number; proposalsApproved: number }) {
  const parts = ['已撤销本次导入，价格已恢复'];
  if (r.proposalsWithdrawn) parts.push(`${r.proposalsWithdrawn} 个审核中的新增商品申请已撤回`);
  if (r.proposalsApproved) parts.push(`${r.proposalsApproved} 个新增商品已审核通过，未撤回，如不再销售请在商品管理中下架`);
  return parts.join('；');
}
