import { envelope, NoQuery, pageOf } from '@kc/contracts/platform/common';
import { NoticeQuery, NoticeVO } from '@kc/contracts/site/content';
import { NoticeReadersQuery, NoticeReaderVO, RoleOptionVO } from '@kc/contracts/site/content-notices-manuals';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Perm } from '../../../platform/auth/access.ts';
import { ok } from '../../../platform/http/reply.ts';
import type { ContentService } from './content.service.ts';
import { NOTICE_TAGS as notice } from './content-route-helpers.ts';

/** Notice lists (/uac/v1/notice): what the user may read, the manager's list with its readers, and the audiences a notice may address. */
export function registerNoticeListRoutes(root: FastifyInstance, svc: ContentService) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/uac/v1/notice/page',
    {
      schema: {
        tags: notice,
        summary: '公告列表（采购方看类型 1、2，供应商看 1、3；管理员可看全部状态）',
        querystring: NoticeQuery,
        response: { 200: envelope(pageOf(NoticeVO)) },
      },
      config: { access: 'login' },
    },
    async (req) => ok(await svc.noticePage(req.caller, req.caller!.perms.has(Perm.NOTICE_MANAGE), { ...req.query, unread: req.query.unread === 'true' })),
  );
  app.get(
    '/uac/v1/notice/manage/page',
    {
      schema: {
        tags: notice,
        summary: '公告管理列表：平台管理员看全部，研究所管理员只看本所公告；含已读与未读人数',
        querystring: NoticeQuery,
        response: { 200: envelope(pageOf(NoticeVO)) },
      },
      config: { access: { perm: Perm.NOTICE_MANAGE } },
    },
    async (req) => ok(await svc.manageNoticePage(req.caller!, req.query)),
  );
  app.get(
    '/uac/v1/notice/readers',
    {
      schema: {
        tags: notice,
        summary: '公告阅读情况：已读人员（read=true，含阅读时间）或尚未阅读的受众（read=false）',
        querystring: NoticeReadersQuery,
        response: { 200: envelope(pageOf(NoticeReaderVO)) },
      },
      config: { access: { perm: Perm.NOTICE_MANAGE } },
    },
    async (req) => ok(await svc.readers(req.caller!, req.query)),
  );
  app.get(
    '/uac/v1/notice/roleOptions',
    {
      schema: { tags: notice, summary: '公告可面向的角色（平台通用角色与本所角色）', querystring: NoQuery, response: { 200: envelope(z.array(RoleOptionVO)) } },
      config: { access: { perm: Perm.NOTICE_MANAGE } },
    },
    async (req) => ok(await svc.noticeRoleOptions(req.caller!)),
  );
  app.get(
    '/uac/v1/notice/instituteOptions',
    {
      schema: {
        tags: notice,
        summary: '可发布研究所公告的研究所（平台管理员：全部；研究所管理员：本所）',
        querystring: NoQuery,
        response: { 200: envelope(z.array(z.object({ id: z.number().int(), name: z.string() }))) },
      },
      config: { access: { perm: Perm.NOTICE_MANAGE } },
    },
    async (req) => ok(await svc.noticeInstitutes(req.caller!)),
  );
}
