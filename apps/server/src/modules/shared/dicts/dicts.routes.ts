import { envelope, Ok } from '@kc/contracts/platform/common';
import { DictAddBody, DictConfigQuery, DictConfigTypeVO, DictDeleteQuery, DictQuery, DictTypePage, DictUpdateBody } from '@kc/contracts/shared/dicts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Perm } from '../../../platform/auth/access.ts';
import { ok } from '../../../platform/http/reply.ts';
import { Created, DICT_TAGS as tags } from './dict-route-helpers.ts';
import type { DictsService } from './dicts.service.ts';

/** /mall/v1/dict (字典管理): dictionary types and their items, and all of them as the caller's institute configures them. */
export function registerDictRoutes(root: FastifyInstance, dicts: DictsService) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const manage = Perm.DICT_MANAGE;

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
}
