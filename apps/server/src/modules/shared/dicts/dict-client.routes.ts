import { envelope } from '@kc/contracts/platform/common';
import { DictConfigQuery, DictConfigVO, OssConfigVO } from '@kc/contracts/shared/dicts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../platform/context.ts';
import { ok } from '../../../platform/http/reply.ts';
import { DICT_TAGS as tags } from './dict-route-helpers.ts';
import type { DictsService } from './dicts.service.ts';

/** the signed download links of the files module live this long (files.service.ts) */
const SIGNED_URL_MINUTES = 30;
const MAX_UPLOAD_MB = 10;

/** /uac/v1/dict: what clients read — the dictionaries in effect for the caller's institute, and the file store's limits. */
export function registerDictClientRoutes(root: FastifyInstance, ctx: AppContext, dicts: DictsService) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/uac/v1/dict/queryConfig',
    {
      schema: {
        tags,
        summary: '当前单位生效的字典（带上次的 version：未变化时 changed 为 false、不带内容）',
        querystring: DictConfigQuery,
        response: { 200: envelope(DictConfigVO) },
      },
      config: { access: 'public' },
    },
    async (req) => ok(await dicts.clientConfig(req.caller?.instituteId ?? null, req.query.version)),
  );
  app.get(
    '/uac/v1/dict/queryOssConfig',
    {
      schema: {
        tags,
        summary: '文件存储配置（存储方式、单个文件上限、下载链接有效期）',
        querystring: DictConfigQuery,
        response: { 200: envelope(OssConfigVO) },
      },
      config: { access: 'login' },
    },
    async () => ok({ store: ctx.config.fileStore.kind, maxUploadMb: MAX_UPLOAD_MB, signedUrlMinutes: SIGNED_URL_MINUTES }),
  );
}
