import { envelope, IdParams, Ok } from '@kc/contracts/platform/common';
import {
  AppConfigPage,
  AppConfigQuery,
  AppConfigValidQuery,
  AppConfigVO,
  AppPageBody,
  AppPageUpdateBody,
  AppVersionBody,
  AppVersionUpdateBody,
} from '@kc/contracts/site/content-app-config';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Perm } from '../../../platform/auth/access.ts';
import { who } from '../../../platform/auth/who.ts';
import { ok } from '../../../platform/http/reply.ts';
import type { AppConfigService, AppFamily } from './app-config.service.ts';

/** /mall/v1/appPageConfig and /mall/v1/appVersionConfig: list, add, update, delete, start, stop, and what the app reads. */
export function registerAppConfigRoutes(root: FastifyInstance, svc: AppConfigService) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const perm = Perm.APP_CONFIG_MANAGE;
  const families: [AppFamily, string, string, typeof AppPageBody | typeof AppVersionBody, typeof AppPageUpdateBody | typeof AppVersionUpdateBody][] = [
    ['page', '/mall/v1/appPageConfig', 'App 页面配置', AppPageBody, AppPageUpdateBody],
    ['version', '/mall/v1/appVersionConfig', 'App 版本配置', AppVersionBody, AppVersionUpdateBody],
  ];
  for (const [family, base, title, Body, UpdateBody] of families) {
    const tags = [title];
    app.get(
      `${base}/page`,
      {
        schema: { tags, summary: `${title}列表（平台：全部；研究所：本所）`, querystring: AppConfigQuery, response: { 200: envelope(AppConfigPage) } },
        config: { access: { perm } },
      },
      async (req) => ok(await svc.page(req.caller!, family, req.query)),
    );
    app.post(
      `${base}/add`,
      {
        schema: { tags, summary: `新增${title}（停用状态）`, body: Body, response: { 200: envelope(z.object({ id: z.number().int() })) } },
        config: { access: { perm, flag: 'add' } },
      },
      async (req) => ok(await svc.add(who(req), family, req.body as never), '已保存'),
    );
    app.post(
      `${base}/update`,
      { schema: { tags, summary: `修改${title}`, body: UpdateBody, response: { 200: Ok } }, config: { access: { perm, flag: 'modify' } } },
      async (req) => {
        await svc.update(who(req), family, req.body as never);
        return ok(null, '已保存');
      },
    );
    app.delete(
      `${base}/delete/:id`,
      { schema: { tags, summary: `删除${title}（启用中的不能删除）`, params: IdParams, response: { 200: Ok } }, config: { access: { perm, flag: 'delete' } } },
      async (req) => {
        await svc.remove(who(req), family, req.params.id);
        return ok(null, '已删除');
      },
    );
    for (const action of ['start', 'stop'] as const)
      app.post(
        `${base}/${action}/:id`,
        {
          schema: { tags, summary: `${action === 'start' ? '启用' : '停用'}${title}（每个研究所同类只能启用一个）`, params: IdParams, response: { 200: Ok } },
          config: { access: { perm, flag: 'modify' } },
        },
        async (req) => {
          await svc.setActive(who(req), family, req.params.id, action);
          return ok(null, action === 'start' ? '已启用' : '已停用');
        },
      );
    app.get(
      `${base}/noauth/valid`,
      {
        schema: {
          tags,
          summary: `App 读取的${title}（本所启用的，否则平台默认）`,
          querystring: AppConfigValidQuery,
          response: { 200: envelope(AppConfigVO.nullable()) },
        },
        config: { access: 'public' },
      },
      async (req) => ok(await svc.valid(family, req.query.instituteId, req.query.platform)),
    );
  }
}
