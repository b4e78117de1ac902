import { envelope, IdParams, NoQuery, Ok } from '@kc/contracts/platform/common';
import {
  ExternalCountPage,
  ExternalCountQuery,
  ExternalInterfaceBody,
  ExternalInterfaceModifyBody,
  ExternalInterfacePage,
  ExternalInterfaceQuery,
  ExternalLookupQuery,
  ExternalLookupVO,
  ExternalServeLogPage,
  ExternalServeLogQuery,
  ServeCountAllVO,
} from '@kc/contracts/supply/external';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Perm } from '../../../platform/auth/access.ts';
import { who } from '../../../platform/auth/who.ts';
import { Limits, rateLimit } from '../../../platform/http/rate-limit.ts';
import { ok } from '../../../platform/http/reply.ts';
import type { KeyValueStore } from '../../../platform/kv/kv.port.ts';
import type { ExternalService } from './external.service.ts';

/** /interface/v1/externalInterface, externalCount, externalServeLog (docs/domains/supply.md#external-interfaces) and the item pages' lookup. */
export function registerExternalRoutes(root: FastifyInstance, svc: ExternalService, kv: KeyValueStore) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['外部接口'];
  const manage = { perm: Perm.EXTERNAL_INTERFACE_MANAGE };

  app.get(
    '/interface/v1/externalInterface/lookup',
    {
      schema: {
        tags,
        summary: '商品页的外部数据查询（商品数据、稀释方案、摘要、图片数据）：最多等待 1 秒，失败答“外部服务暂不可用”而不报错',
        querystring: ExternalLookupQuery,
        response: { 200: envelope(ExternalLookupVO) },
      },
      config: { access: 'public' },
    },
    async (req) => {
      // each lookup may cost an outbound call: anonymous visitors are limited per address
      await rateLimit(kv, `ext:${req.ip}`, Limits.lookupPerIp.limit, Limits.lookupPerIp.windowMs);
      return ok(await svc.lookup(req.query.kind, req.query.id));
    },
  );

  app.get(
    '/interface/v1/externalInterface/query',
    {
      schema: { tags, summary: '外部接口列表', querystring: ExternalInterfaceQuery, response: { 200: envelope(ExternalInterfacePage) } },
      config: { access: manage },
    },
    async (req) => ok(await svc.page(req.query)),
  );
  app.post(
    '/interface/v1/externalInterface/create',
    {
      schema: { tags, summary: '新增外部接口', body: ExternalInterfaceBody, response: { 200: envelope(z.object({ id: z.number().int() })) } },
      config: { access: { ...manage, flag: 'add' } },
    },
    async (req) => ok(await svc.create(who(req), req.body), '已保存'),
  );
  app.post(
    '/interface/v1/externalInterface/modify',
    { schema: { tags, summary: '修改外部接口', body: ExternalInterfaceModifyBody, response: { 200: Ok } }, config: { access: { ...manage, flag: 'modify' } } },
    async (req) => {
      const { id, ...b } = req.body;
      await svc.modify(who(req), id, b);
      return ok(null, '已保存');
    },
  );
  app.delete(
    '/interface/v1/externalInterface/delete/:id',
    {
      schema: { tags, summary: '删除外部接口', params: IdParams, querystring: NoQuery, response: { 200: Ok } },
      config: { access: { ...manage, flag: 'delete' } },
    },
    async (req) => {
      await svc.remove(who(req), req.params.id);
      return ok(null, '已删除');
    },
  );
  app.get(
    '/interface/v1/externalCount/getServeCountALl',
    {
      schema: {
        tags,
        summary: '各外部接口的调用总数、失败数、平均耗时与今日调用',
        querystring: NoQuery,
        response: { 200: envelope(z.array(ServeCountAllVO)) },
      },
      config: { access: manage },
    },
    async () => ok(await svc.countAll()),
  );
  app.get(
    '/interface/v1/externalCount/query',
    {
      schema: { tags, summary: '外部接口按日调用统计', querystring: ExternalCountQuery, response: { 200: envelope(ExternalCountPage) } },
      config: { access: manage },
    },
    async (req) => ok(await svc.countPage(req.query)),
  );
  app.get(
    '/interface/v1/externalServeLog/query',
    {
      schema: { tags, summary: '外部接口调用日志（保留 90 天）', querystring: ExternalServeLogQuery, response: { 200: envelope(ExternalServeLogPage) } },
      config: { access: manage },
    },
    async (req) => ok(await svc.logPage(req.query)),
  );
}
