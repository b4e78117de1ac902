import { envelope, NoQuery } from '@kc/contracts/platform/common';
import { NoticeBatchQuery, NoticeBatchResult } from '@kc/contracts/site/content-notices-manuals';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Perm } from '../../../platform/auth/access.ts';
import { ok } from '../../../platform/http/reply.ts';
import { sendFile, XLSX_TYPE } from '../../../platform/http/send-file.ts';
import { readUploadedFiles } from '../../shared/files/index.ts';
import { NOTICE_TAGS as notice } from './content-route-helpers.ts';
import type { NoticeBatchImport } from './notice-batch.ts';

/** The notices' batch import (/uac/v1/notice/batchUpload): its template, and the upload (preview or apply). */
export function registerNoticeBatchRoutes(root: FastifyInstance, batch: NoticeBatchImport) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/uac/v1/notice/batchUpload/template',
    { schema: { tags: notice, summary: '下载公告批量导入模板', querystring: NoQuery }, config: { access: { perm: Perm.NOTICE_MANAGE } } },
    async (_req, reply) => {
      const f = await batch.template();
      return sendFile(reply, XLSX_TYPE, 'attachment', f.filename, f.xlsx);
    },
  );
  app.post(
    '/uac/v1/notice/batchUpload',
    {
      schema: {
        tags: notice,
        summary: '批量导入公告：一个 .xlsx 公告表与附件一同上传；preview=true 只校验；任一行有误则不写入任何公告',
        querystring: NoticeBatchQuery,
        response: { 200: envelope(NoticeBatchResult) },
      },
      config: { access: { perm: Perm.NOTICE_MANAGE, flag: 'add' } },
    },
    async (req) => {
      const r = await batch.run({ caller: req.caller!, ip: req.ip }, await readUploadedFiles(req), req.query.preview === 'true');
      const msg = r.errors.length
        ? `公告表有 ${new Set(r.errors.map((e) => e.row)).size} 行错误，未导入任何公告`
        : r.applied
          ? `已导入 ${r.created.length} 条公告`
          : `校验通过，共 ${r.rows.length} 条公告`;
      return ok(r, msg);
    },
  );
}
