import { AuditFilterQuery, AuditPageQuery, AuditVO, OutboxPageQuery, OutboxVO } from '@kc/contracts/identity/rbac';
import { envelope, pageOf } from '@kc/contracts/platform/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Perm } from '../../../platform/auth/access.ts';
import { ok } from '../../../platform/http/reply.ts';
import { sendFile, XLSX_TYPE } from '../../../platform/http/send-file.ts';
import type { AdminLogsService } from './admin-logs.service.ts';

/** /uac/v1/{outbox,audit}: the admin console's readers of sent messages and of the audit log. */
export function registerAdminLogRoutes(root: FastifyInstance, logs: AdminLogsService) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['平台日志'];

  app.get(
    '/uac/v1/outbox/page',
    {
      schema: { tags, summary: '短信与邮件发件箱（最新在前）', querystring: OutboxPageQuery, response: { 200: envelope(pageOf(OutboxVO)) } },
      config: { access: { perm: Perm.OUTBOX_VIEW } },
    },
    async (req) => {
      const { current, size, channel, recipient } = req.query;
      return ok(await logs.outbox({ channel, recipient }, current, size));
    },
  );
  app.get(
    '/uac/v1/audit/page',
    {
      schema: {
        tags,
        summary: '操作日志（最新在前；研究所管理员只见本所用户的操作）',
        querystring: AuditPageQuery,
        response: { 200: envelope(pageOf(AuditVO)) },
      },
      config: { access: { perm: Perm.AUDIT_VIEW } },
    },
    async (req) => {
      const { current, size, t: _t, ...filter } = req.query;
      return ok(await logs.audit(req.caller!, filter, current, size));
    },
  );
  app.get(
    '/uac/v1/audit/export',
    {
      schema: { tags, summary: '导出操作日志（Excel，与列表同样的条件与可见范围；最多 10000 条）', querystring: AuditFilterQuery },
      config: { access: { perm: Perm.AUDIT_VIEW, flag: 'export' } },
    },
    async (req, reply) => {
      const { t: _t, ...filter } = req.query;
      const f = await logs.exportAudit(req.caller!, filter);
      return sendFile(reply, XLSX_TYPE, 'attachment', f.filename, f.xlsx);
    },
  );
}
