import { envelope, IdParams, NoQuery, Ok } from '@kc/contracts/platform/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../../platform/http/reply.ts';
import type { ContentService } from './content.service.ts';
import { NOTICE_TAGS as notice } from './content-route-helpers.ts';

/** The reader's side of notices: the unread badge and marking a notice read. */
export function registerNoticeReceiptRoutes(root: FastifyInstance, svc: ContentService) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/uac/v1/notice/unreadCount',
    {
      schema: {
        tags: notice,
        summary: '当前用户可见且未读的公告数（角标）',
        querystring: NoQuery,
        response: { 200: envelope(z.object({ count: z.number().int() })) },
      },
      config: { access: 'login' },
    },
    async (req) => ok(await svc.unreadCount(req.caller!)),
  );
  app.post(
    '/uac/v1/notice/read/:id',
    {
      schema: { tags: notice, summary: '标记公告已读（仅限当前可见的公告）', params: IdParams, response: { 200: Ok } },
      config: { access: 'login' },
    },
    async (req) => {
      await svc.markRead(req.caller!, req.params.id);
      return ok(null);
    },
  );
}
