import { envelope, Ok } from '@kc/contracts/platform/common';
import {
  DictAddBody,
  DictConfigInstitutePage,
  DictConfigInstituteQuery,
  DictConfigQuery,
  DictConfigTypeVO,
  DictConfigVO,
  DictDeleteQuery,
  DictInstituteItemBody,
  DictLogPage,
  DictLogQuery,
  DictOverrideBody,
  DictQuery,
  DictTypePage,
  DictUpdateBody,
  OssConfigVO,
} from '@kc/contracts/shared/dicts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Perm } from '../../../platform/auth/access.ts';
import type { AppContext } from '../../../platform/context.ts';
import { ok } from '../../../platform/http/reply.ts';
import type { DictsService } from './dicts.service.ts';

const Created = envelope(z.object({ id: z.number().int() }));
const InstituteParams = z.object({ id: z.coerce.number().int().positive() }).strict();
/** the signed download links of the files module live this long (files.service.ts) */
const SIGNED_URL_MINUTES = 30;
const MAX_UPLOAD_MB = 10;

/** /mall/v1/dict (字典管理), /mall/v1/dict_config (研究所字典配置), /uac/v1/dict (what clients read). */
export function registerDictRoutes(root: FastifyInstance, ctx: AppContext, dicts: DictsService) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['字典'];
  const manage = Perm.DICT_MANAGE;
  const config = Perm.DICT_CONFIG;

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

  app.get(
    '/mall/v1/dict/getDict',
    {
      schema: { tags, summary: '字典类型及其字典项（分页）', querystring: DictQuery, response: { 200: envelope(DictTypePage) } },
      config: { access: { perm: manage } },
    },
    async (req) => ok(await dicts.typePage(req.query)),
  );
  app.get(
    '/mall/v1/dict/getYuDictList',
    {
      schema: {
        tags,
        summary: '全部字典（按当前单位的配置，含隐藏项标记）',
        querystring: DictConfigQuery,
        response: { 200: envelope(z.array(DictConfigTypeVO)) },
      },
      config: { access: 'login' },
    },
    async (req) => ok(await dicts.allFor(req.caller!)),
  );
  app.post(
    '/mall/v1/dict/add',
    { schema: { tags, summary: '新增字典类型或字典项', body: DictAddBody, response: { 200: Created } }, config: { access: { perm: manage, flag: 'add' } } },
    async (req) => ok(await dicts.add(req.caller!, req.body), '已新增'),
  );
  app.put(
    '/mall/v1/dict/update',
    { schema: { tags, summary: '修改字典类型或字典项', body: DictUpdateBody, response: { 200: Ok } }, config: { access: { perm: manage, flag: 'modify' } } },
    async (req) => ok((await dicts.update(req.caller!, req.body)) ?? null, '已保存'),
  );
  app.delete(
    '/mall/v1/dict/delete',
    {
      schema: { tags, summary: '删除字典类型或字典项（内置字典不能删除）', querystring: DictDeleteQuery, response: { 200: Ok } },
      config: { access: { perm: manage, flag: 'delete' } },
    },
    async (req) => ok((await dicts.remove(req.caller!, req.query.kind, req.query.id)) ?? null, '已删除'),
  );

  app.get(
    '/mall/v1/dict_config/getConfigInstitu',
    {
      schema: {
        tags,
        summary: '研究所字典配置列表（平台：全部；研究所：本所）',
        querystring: DictConfigInstituteQuery,
        response: { 200: envelope(DictConfigInstitutePage) },
      },
      config: { access: { perm: config } },
    },
    async (req) => ok(await dicts.institutePage(req.caller!, req.query)),
  );
  app.get(
    '/mall/v1/dict_config/getInstituId/:id',
    {
      schema: { tags, summary: '一个研究所的字典配置（含隐藏项）', params: InstituteParams, response: { 200: envelope(z.array(DictConfigTypeVO)) } },
      config: { access: { perm: config } },
    },
    async (req) => ok(await dicts.instituteConfig(req.caller!, req.params.id)),
  );
  app.get(
    '/mall/v1/dict_config/getConfigByInstiuteId/:id',
    {
      schema: { tags, summary: '一个研究所的用户看到的字典', params: InstituteParams, response: { 200: envelope(DictConfigVO) } },
      config: { access: { perm: config } },
    },
    async (req) => ok(await dicts.instituteEffective(req.caller!, req.params.id)),
  );
  for (const [url, flag, summary] of [
    ['/mall/v1/dict_config/add', 'add', '研究所隐藏、改名或调整字典项顺序'],
    ['/mall/v1/dict_config/update', 'modify', '修改研究所的字典项配置（全部恢复默认即删除该配置）'],
  ] as const)
    app.post(url, { schema: { tags, summary, body: DictOverrideBody, response: { 200: Ok } }, config: { access: { perm: config, flag } } }, async (req) =>
      ok((await dicts.saveOverride(req.caller!, req.body)) ?? null, '已保存'),
    );
  app.post(
    '/mall/v1/dict_config/addConfigInstitue',
    {
      schema: { tags, summary: '新增本所专有的字典项', body: DictInstituteItemBody, response: { 200: Created } },
      config: { access: { perm: config, flag: 'add' } },
    },
    async (req) => ok(await dicts.addOwnItem(req.caller!, req.body), '已新增'),
  );
  app.get(
    '/mall/v1/dict_config/getConfigInstituOperateLog',
    {
      schema: { tags, summary: '字典操作日志（平台：全部；研究所：本所）', querystring: DictLogQuery, response: { 200: envelope(DictLogPage) } },
      config: { access: { perm: config } },
    },
    async (req) => ok(await dicts.logPage(req.caller!, req.query)),
  );
}
