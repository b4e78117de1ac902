import { SecretTypeQuery, SecretVO } from '@kc/contracts/identity/sso';
import { envelope, IdParams, NoQuery, pageOf } from '@kc/contracts/platform/common';
import { PageConfigQuery, PageConfigVO, ValidPageConfigQuery } from '@kc/contracts/site/content';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Perm } from '../../../platform/auth/access.ts';
import { ok } from '../../../platform/http/reply.ts';
import type { ContentService } from './content.service.ts';
import { PAGE_CONFIG_TAGS as page } from './content-route-helpers.ts';
import type { PolicyTexts } from './policy-texts.ts';

/**
 * Page configuration as read (/mall/v1/webPageConfig): the manager's list, the enabled configs the
 * public pages use, the privacy policy and service agreement kept there, the login page's pictures.
 */
export function registerPageConfigReadRoutes(root: FastifyInstance, svc: ContentService, policies: PolicyTexts) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const managePage = { perm: Perm.PAGE_CONFIG_MANAGE };

  app.get(
    '/mall/v1/webPageConfig/page',
    {
      schema: { tags: page, summary: '页面配置列表', querystring: PageConfigQuery, response: { 200: envelope(pageOf(PageConfigVO)) } },
      config: { access: managePage },
    },
    async (req) => ok(await svc.pageConfigPage(req.query)),
  );
  // the SPEC's path and the noauth one the web app calls: one answer
  for (const url of ['/mall/v1/webPageConfig/validWebPageConfig', '/mall/v1/webPageConfig/noauth/validWebPageConfig'])
    app.get(
      url,
      {
        schema: { tags: page, summary: '公开页面使用的已启用配置', querystring: ValidPageConfigQuery, response: { 200: envelope(z.array(PageConfigVO)) } },
        config: { access: 'public' },
      },
      async (req) => ok(await svc.validPageConfigs(req.query.kind)),
    );
  app.get(
    '/mall/v1/secret/noauth/getSecretByType',
    {
      schema: {
        tags: page,
        summary: '隐私政策（type=1）与平台服务协议（type=2）的正文与版本（内容在页面配置中维护）',
        querystring: SecretTypeQuery,
        response: { 200: envelope(SecretVO) },
      },
      config: { access: 'public' },
    },
    async (req) => ok(await policies.current(req.query.type as 1 | 2)),
  );
  app.get(
    '/mall/v1/webPageConfig/noauth/getLoginFileUrl/:id',
    {
      schema: { tags: page, summary: '登录页轮播图片地址', params: IdParams, querystring: NoQuery, response: { 200: envelope(z.object({ url: z.string() })) } },
      config: { access: 'public' },
    },
    async (req) => ok(await svc.loginFileUrl(req.params.id)),
  );
}
