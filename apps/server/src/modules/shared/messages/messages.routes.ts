import { MessagePage, MessageQuery, MessageReadBody } from '@kc/contracts/buying/orders';
import { envelope, Ok } from '@kc/contracts/platform/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../../platform/http/reply.ts';
import type { MessagesService } from './messages.service.ts';

/** /mall/v1/message: the caller's own inbox. */
export function registerMessageRoutes(root: FastifyInstance, svc: MessagesService) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['站内消息'];
  app.get(
    '/mall/v1/message/page',
    { schema: { tags, summary: '我的站内消息', querystring: MessageQuery, response: { 200: envelope(MessagePage) } }, config: { access: 'login' } },
    async (req) => ok(await svc.page(req.caller!, req.query.current, req.query.size, req.query.unread === 'true')),
  );
  app.post(
    '/mall/v1/message/read',
    { schema: { tags, summary: '标记已读', body: MessageReadBody, response: { 200: Ok } }, config: { access: 'login' } },
    async (req) => {
      await svc.markRead(req.caller!, req.body.ids);
      return ok(null, '已读');
    },
  );
}
