import { envelope, IdParams, NoQuery, pageOf } from '@kc/contracts/platform/common';
import { NoticeQuery, NoticeVO } from '@kc/contracts/site/content';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Perm } from '../../../platform/auth/access.ts';
import { ok } from '../../../platform/http/reply.ts';
import type { ContentService } from './content.service.ts';
import { NOTICE_TAGS as notice } from './content-route-helpers.ts';

/** The home page's public notices, and one notice's detail (logged in, or public). */
export function registerNoticeDetailRoutes(root: FastifyInstance, svc: ContentService) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/uac/v1/notice/noauth/page',
    {
      schema: { tags: notice, summary: '首页公开公告列表', querystring: NoticeQuery, response: { 200: envelope(pageOf(NoticeVO)) } },
      config: { access: 'public' },
    },
    async (req) => ok(await svc.noticePage(null, false, { ...req.query, type: undefined, unread: false })),
  );
  app.get(
    '/uac/v1/notice/getNoticeById/:id',
    {
      schema: { tags: notice, summary: '公告详情', params: IdParams, querystring: NoQuery, response: { 200: envelope(NoticeVO) } },
      config: { access: 'login' },
    },
    async (req) => ok(await svc.noticeById(req.caller, req.caller!.perms.has(Perm.NOTICE_MANAGE), req.params.id)),
  );
  app.get(
    '/uac/v1/notice/noauth/getNoticeById/:id',
    {
      schema: { tags: notice, summary: '公开公告详情', params: IdParams, querystring: NoQuery, response: { 200: envelope(NoticeVO) } },
      config: { access: 'public' },
    },
    async (req) => ok(await svc.noticeById(null, false, req.params.id)),
  );
}
