import { envelope, IdParams, NoQuery, Ok } from '@kc/contracts/platform/common';
import { HelpBody, HelpNodeVO, HelpUpdateBody } from '@kc/contracts/site/content';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Perm } from '../../../platform/auth/access.ts';
import { ok } from '../../../platform/http/reply.ts';
import type { ContentService } from './content.service.ts';
import { Created } from './content-route-helpers.ts';

/** The help centre (/uac/v1/help): its three-level tree, and the manager's edits. */
export function registerHelpRoutes(root: FastifyInstance, svc: ContentService) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const help = ['帮助中心'];

  app.get(
    '/uac/v1/help/tree',
    {
      schema: { tags: help, summary: '帮助中心三级菜单与内容', querystring: NoQuery, response: { 200: envelope(z.array(HelpNodeVO)) } },
      config: { access: 'login' },
    },
    async () => ok(await svc.helpTree()),
  );
  app.post(
    '/uac/v1/help/add',
    {
      schema: { tags: help, summary: '新增帮助条目（内容经白名单过滤）', body: HelpBody, response: { 200: Created } },
      config: { access: { perm: Perm.HELP_MANAGE, flag: 'add' } },
    },
    async (req) => ok(await svc.addHelp({ caller: req.caller!, ip: req.ip }, req.body), '已保存'),
  );
  app.put(
    '/uac/v1/help/update',
    {
      schema: { tags: help, summary: '修改帮助条目', body: HelpUpdateBody, response: { 200: Ok } },
      config: { access: { perm: Perm.HELP_MANAGE, flag: 'modify' } },
    },
    async (req) => {
      await svc.updateHelp({ caller: req.caller!, ip: req.ip }, req.body);
      return ok(null, '已保存');
    },
  );
  app.delete(
    '/uac/v1/help/delete/:id',
    {
      schema: { tags: help, summary: '删除帮助条目', params: IdParams, response: { 200: Ok } },
      config: { access: { perm: Perm.HELP_MANAGE, flag: 'delete' } },
    },
    async (req) => {
      await svc.deleteHelp({ caller: req.caller!, ip: req.ip }, req.params.id);
      return ok(null, '已删除');
    },
  );
}
