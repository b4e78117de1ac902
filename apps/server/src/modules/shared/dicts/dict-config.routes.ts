import { envelope, Ok } from '@kc/contracts/platform/common';
import {
  DictConfigInstitutePage,
  DictConfigInstituteQuery,
  DictConfigTypeVO,
  DictConfigVO,
  DictInstituteItemBody,
  DictLogPage,
  DictLogQuery,
  DictOverrideBody,
} from '@kc/contracts/shared/dicts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Perm } from '../../../platform/auth/access.ts';
import { ok } from '../../../platform/http/reply.ts';
import { Created, DICT_TAGS as tags } from './dict-route-helpers.ts';
import type { DictsService } from './dicts.service.ts';

const InstituteParams = z.object({ id: z.coerce.number().int().positive() }).strict();

/** /mall/v1/dict_config (研究所字典配置): each institute's hidden, renamed and reordered items, its own items, and the log. */
export function registerDictConfigRoutes(root: FastifyInstance, dicts: DictsService) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const config = Perm.DICT_CONFIG;

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
