import { API_CLIENT_SCOPES, type ApiClientScope } from '@kc/contracts/identity/api-clients';
import { envelope, IdParams, NoQuery, pageOf } from '@kc/contracts/platform/common';
import {
  ContactRelationVO,
  ContactVO,
  INTERFACE_FAMILIES,
  INTERFACE_FAMILY_TEXT,
  InterfaceDiscountVO,
  InterfaceExportQuery,
  type InterfaceFamily,
  InterfaceImportApplied,
  InterfaceImportVO,
  InterfaceListQuery,
  SalesActivityVO,
} from '@kc/contracts/supply/interface-excel';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { who } from '../../../platform/auth/who.ts';
import { fail } from '../../../platform/http/errors.ts';
import { ok } from '../../../platform/http/reply.ts';
import { sendFile, XLSX_TYPE } from '../../../platform/http/send-file.ts';
import { readUploadedFiles } from '../../shared/files/index.ts';
import type { InterfaceExcelService } from './interface-excel.service.ts';
import { scopeOf } from './scope.ts';

const VO: Record<InterfaceFamily, z.ZodTypeAny> = {
  contacts: ContactVO,
  contactsRelation: ContactRelationVO,
  salesActivity: SalesActivityVO,
  deptDiscount: InterfaceDiscountVO,
};
/** the families an institute's systems may export with an API client (interface.export) */
const CLIENT_EXPORT: InterfaceFamily[] = ['contactsRelation', 'deptDiscount'];
const EXPORT_SCOPE: ApiClientScope = API_CLIENT_SCOPES[2];

/**
 * /interface/v1/{contacts, contactsRelation, salesActivity, deptDiscount}: page, export, template,
 * import (upload → preview), the import again, confirm. Access is 'login' here; the service decides
 * from the caller's permission and side whose rows (scope.ts) and refuses with FORBIDDEN.
 */
export function registerInterfaceExcelRoutes(root: FastifyInstance, svc: InterfaceExcelService) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  for (const f of INTERFACE_FAMILIES) {
    const name = INTERFACE_FAMILY_TEXT[f];
    const tags = [`接口数据：${name}`];
    const base = `/interface/v1/${f}`;
    app.get(
      `${base}/page`,
      {
        schema: { tags, summary: `${name}列表（按权限范围，支持关键字查询）`, querystring: InterfaceListQuery, response: { 200: envelope(pageOf(VO[f])) } },
        config: { access: 'login' },
      },
      async (req) => ok(await svc.page(f, req.caller!, req.query)),
    );
    const clientToo = CLIENT_EXPORT.includes(f);
    app.get(
      `${base}/export`,
      {
        schema: {
          tags,
          summary: `导出${name}（Excel，列与导入模板一致）${clientToo ? '；研究所的系统也可用带“接口数据导出”权限的接口客户端导出所绑定研究所的数据' : ''}`,
          querystring: InterfaceExportQuery,
        },
        config: { access: 'login', ...(clientToo ? { clientScope: EXPORT_SCOPE } : {}) },
      },
      async (req, reply) => {
        const s = req.caller ? scopeOf(req.caller) : await svc.clientScope(req.apiClientId);
        const { xlsx, filename } = await svc.export(f, s, req.query);
        return sendFile(reply, XLSX_TYPE, 'attachment', filename, xlsx);
      },
    );
    app.get(
      `${base}/template`,
      { schema: { tags, summary: `下载${name}导入模板`, querystring: NoQuery }, config: { access: 'login' } },
      async (_req, reply) => {
        const { xlsx, filename } = await svc.template(f);
        return sendFile(reply, XLSX_TYPE, 'attachment', filename, xlsx);
      },
    );
    app.post(
      `${base}/import`,
      {
        schema: {
          tags,
          summary: `上传${name}（Excel）：逐行校验并列出每一行错误，无错误时生成预览，60 分钟内确认后一次性导入`,
          querystring: NoQuery,
          response: { 200: envelope(InterfaceImportVO) },
        },
        config: { access: 'login' },
      },
      async (req) => {
        const files = await readUploadedFiles(req);
        if (files.length !== 1) fail('BAD_REQUEST', '请只上传一个 Excel 文件');
        const r = await svc.upload(f, who(req), files[0]);
        return ok(r, r.errorRows ? `有 ${r.errorRows} 行错误，请修改后重新上传` : `校验通过：新增 ${r.creates} 条，修改 ${r.updates} 条，请核对预览后确认导入`);
      },
    );
    app.get(
      `${base}/import/:id`,
      {
        schema: { tags, summary: '一次导入的预览与错误行', params: IdParams, querystring: NoQuery, response: { 200: envelope(InterfaceImportVO) } },
        config: { access: 'login' },
      },
      async (req) => ok(await svc.detail(f, req.caller!, req.params.id)),
    );
    app.post(
      `${base}/import/:id/confirm`,
      {
        schema: {
          tags,
          summary: '确认导入：在一个事务中逐行重新校验并全部写入',
          params: IdParams,
          querystring: NoQuery,
          response: { 200: envelope(InterfaceImportApplied) },
        },
        config: { access: 'login' },
      },
      async (req) => {
        const r = await svc.confirm(f, who(req), req.params.id);
        return ok(r, `已导入：新增 ${r.created} 条，修改 ${r.updated} 条`);
      },
    );
  }
}
