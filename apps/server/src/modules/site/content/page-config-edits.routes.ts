import { IdBody, IdParams, Ok } from '@kc/contracts/platform/common';
import { PageConfigBody, PageConfigUpdateBody } from '@kc/contracts/site/content';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Perm } from '../../../platform/auth/access.ts';
import { ok } from '../../../platform/http/reply.ts';
import type { ContentService } from './content.service.ts';
import { Created, PAGE_CONFIG_TAGS as page } from './content-route-helpers.ts';

/** The manager's edits of page configuration: add (disabled), update, enable and disable, delete. */
export function registerPageConfigEditRoutes(root: FastifyInstance, svc: ContentService) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/mall/v1/webPageConfig/add',
    {
      schema: { tags: page, summary: '新增页面配置（停用状态）', body: PageConfigBody, response: { 200: Created } },
      config: { access: { perm: Perm.PAGE_CONFIG_MANAGE, flag: 'add' } },
    },
    async (req) => ok(await svc.addPageConfig({ caller: req.caller!, ip: req.ip }, req.body), '已保存'),
  );
  app.put(
    '/mall/v1/webPageConfig/update',
    {
      schema: { tags: page, summary: '修改页面配置', body: PageConfigUpdateBody, response: { 200: Ok } },
      config: { access: { perm: Perm.PAGE_CONFIG_MANAGE, flag: 'modify' } },
    },
    async (req) => {
      await svc.updatePageConfig({ caller: req.caller!, ip: req.ip }, req.body);
      return ok(null, '已保存');
    },
  );
  // docs/domains/platform.md#spec-paths names these paths: the same switch with the id in the body
  for (const [action, text, done] of [
    ['start', '启用', '已启用'],
    ['stop', '停用', '已停用'],
  ] as const) {
    app.post(
      `/mall/v1/webPageConfig/${action}`,
      {
        schema: { tags: page, summary: `${text}页面配置（id 在请求体中）`, body: IdBody, response: { 200: Ok } },
        config: { access: { perm: Perm.PAGE_CONFIG_MANAGE, flag: 'modify' } },
      },
      async (req) => {
        await svc.movePageConfig({ caller: req.caller!, ip: req.ip }, req.body.id, action);
        return ok(null, done);
      },
    );
  }
  app.post(
    '/mall/v1/webPageConfig/start/:id',
    {
      schema: { tags: page, summary: '启用页面配置', params: IdParams, response: { 200: Ok } },
      config: { access: { perm: Perm.PAGE_CONFIG_MANAGE, flag: 'modify' } },
    },
    async (req) => {
      await svc.movePageConfig({ caller: req.caller!, ip: req.ip }, req.params.id, 'start');
      return ok(null, '已启用');
    },
  );
  app.post(
    '/mall/v1/webPageConfig/stop/:id',
    {
      schema: { tags: page, summary: '停用页面配置', params: IdParams, response: { 200: Ok } },
      config: { access: { perm: Perm.PAGE_CONFIG_MANAGE, flag: 'modify' } },
    },
    async (req) => {
      await svc.movePageConfig({ caller: req.caller!, ip: req.ip }, req.params.id, 'stop');
      return ok(null, '已停用');
    },
  );
  app.delete(
    '/mall/v1/webPageConfig/delete/:id',
    {
      schema: { tags: page, summary: '删除页面配置', params: IdParams, response: { 200: Ok } },
      config: { access: { perm: Perm.PAGE_CONFIG_MANAGE, flag: 'delete' } },
    },
    async (req) => {
      await svc.deletePageConfig({ caller: req.caller!, ip: req.ip }, req.params.id);
      return ok(null, '已删除');
    },
  );
}
