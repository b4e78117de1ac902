import { envelope, IdParams, NoQuery, Ok, pageOf } from '@kc/contracts/platform/common';
import { ManualBody, ManualPublishBody, ManualQuery, ManualUpdateBody, ManualVO, MyManualVO, RoleOptionVO } from '@kc/contracts/site/content-notices-manuals';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Perm } from '../../../platform/auth/access.ts';
import { who } from '../../../platform/auth/who.ts';
import { ok } from '../../../platform/http/reply.ts';
import type { ManualsService } from './manuals.service.ts';

/** 操作手册 (/uac/v1/operationManual): managed by the platform admin, read by every user for their roles in the help centre. */
export function registerManualRoutes(root: FastifyInstance, svc: ManualsService) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['操作手册'];

  app.get(
    '/uac/v1/operationManual/page',
    {
      schema: { tags, summary: '操作手册列表（含各版本与适用角色）', querystring: ManualQuery, response: { 200: envelope(pageOf(ManualVO)) } },
      config: { access: { perm: Perm.MANUAL_MANAGE } },
    },
    async (req) => ok(await svc.page(req.query)),
  );
  app.get(
    '/uac/v1/operationManual/roleOptions',
    {
      schema: { tags, summary: '可设置操作手册的角色（平台通用角色）', querystring: NoQuery, response: { 200: envelope(z.array(RoleOptionVO)) } },
      config: { access: { perm: Perm.MANUAL_MANAGE } },
    },
    async () => ok(await svc.roleOptions()),
  );
  app.post(
    '/uac/v1/operationManual/add',
    {
      schema: { tags, summary: '新增操作手册（文件为版本 1，未发布）', body: ManualBody, response: { 200: envelope(z.object({ id: z.number().int() })) } },
      config: { access: { perm: Perm.MANUAL_MANAGE, flag: 'add' } },
    },
    async (req) => ok(await svc.add(who(req), req.body), '已保存'),
  );
  app.put(
    '/uac/v1/operationManual/update',
    {
      schema: {
        tags,
        summary: '修改操作手册；换了文件即生成新版本（发布前用户仍看到原发布版本）',
        body: ManualUpdateBody,
        response: { 200: envelope(z.object({ version: z.number().int() })) },
      },
      config: { access: { perm: Perm.MANUAL_MANAGE, flag: 'modify' } },
    },
    async (req) => ok(await svc.update(who(req), req.body), '已保存'),
  );
  app.post(
    '/uac/v1/operationManual/publish',
    {
      schema: { tags, summary: '发布某一版本（默认最新版本），publish=false 为下线', body: ManualPublishBody, response: { 200: Ok } },
      config: { access: { perm: Perm.MANUAL_MANAGE, flag: 'modify' } },
    },
    async (req) => {
      await svc.publish(who(req), req.body);
      return ok(null, req.body.publish ? '已发布' : '已下线');
    },
  );
  app.delete(
    '/uac/v1/operationManual/delete/:id',
    {
      schema: { tags, summary: '删除操作手册（含全部版本）', params: IdParams, response: { 200: Ok } },
      config: { access: { perm: Perm.MANUAL_MANAGE, flag: 'delete' } },
    },
    async (req) => {
      await svc.remove(who(req), req.params.id);
      return ok(null, '已删除');
    },
  );
  app.get(
    '/uac/v1/operationManual/listForMe',
    {
      schema: { tags, summary: '帮助中心：当前用户角色适用的已发布操作手册', querystring: NoQuery, response: { 200: envelope(z.array(MyManualVO)) } },
      config: { access: 'login' },
    },
    async (req) => ok(await svc.listForMe(req.caller!)),
  );
}
