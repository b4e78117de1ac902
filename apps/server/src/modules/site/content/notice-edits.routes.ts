import { IdParams, Ok } from '@kc/contracts/platform/common';
import { NoticeBody, NoticeUpdateBody } from '@kc/contracts/site/content';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Perm } from '../../../platform/auth/access.ts';
import { ok } from '../../../platform/http/reply.ts';
import type { ContentService } from './content.service.ts';
import { Created, NOTICE_TAGS as notice } from './content-route-helpers.ts';

/** The manager's edits of a notice: add (a draft), update, publish, withdraw, delete. */
export function registerNoticeEditRoutes(root: FastifyInstance, svc: ContentService) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/uac/v1/notice/add',
    {
      schema: { tags: notice, summary: '新增公告（草稿）', body: NoticeBody, response: { 200: Created } },
      config: { access: { perm: Perm.NOTICE_MANAGE, flag: 'add' } },
    },
    async (req) => ok(await svc.addNotice({ caller: req.caller!, ip: req.ip }, req.body), '已保存'),
  );
  app.put(
    '/uac/v1/notice/update',
    {
      schema: { tags: notice, summary: '修改公告', body: NoticeUpdateBody, response: { 200: Ok } },
      config: { access: { perm: Perm.NOTICE_MANAGE, flag: 'modify' } },
    },
    async (req) => {
      await svc.updateNotice({ caller: req.caller!, ip: req.ip }, req.body);
      return ok(null, '已保存');
    },
  );
  app.post(
    '/uac/v1/notice/publish/:id',
    {
      schema: { tags: notice, summary: '发布公告', params: IdParams, response: { 200: Ok } },
      config: { access: { perm: Perm.NOTICE_MANAGE, flag: 'modify' } },
    },
    async (req) => {
      await svc.moveNotice({ caller: req.caller!, ip: req.ip }, req.params.id, 'publish');
      return ok(null, '已发布');
    },
  );
  app.post(
    '/uac/v1/notice/withdraw/:id',
    {
      schema: { tags: notice, summary: '下线公告', params: IdParams, response: { 200: Ok } },
      config: { access: { perm: Perm.NOTICE_MANAGE, flag: 'modify' } },
    },
    async (req) => {
      await svc.moveNotice({ caller: req.caller!, ip: req.ip }, req.params.id, 'withdraw');
      return ok(null, '已下线');
    },
  );
  app.delete(
    '/uac/v1/notice/delete/:id',
    {
      schema: { tags: notice, summary: '删除公告', params: IdParams, response: { 200: Ok } },
      config: { access: { perm: Perm.NOTICE_MANAGE, flag: 'delete' } },
    },
    async (req) => {
      await svc.deleteNotice({ caller: req.caller!, ip: req.ip }, req.params.id);
      return ok(null, '已删除');
    },
  );
}
