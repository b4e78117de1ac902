import { TechItemBody, TechItemPage, TechItemQuery, TechItemStatusBody, TechItemUpdateBody, TechItemVO } from '@kc/contracts/buying/tech-services';
import { envelope, IdParams, Ok } from '@kc/contracts/platform/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Perm } from '../../../platform/auth/access.ts';
import { who } from '../../../platform/auth/who.ts';
import { ok } from '../../../platform/http/reply.ts';
import { SUPPLIER_TECH_TAGS as stags } from './tech-service-route-groups.ts';
import type { TechServicesService } from './tech-services.service.ts';

/** /supplier/v1/ts/item: the supplier's service items with their sample forms. */
export function registerSupplierTechItemRoutes(root: FastifyInstance, svc: TechServicesService) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const items = { perm: Perm.SUPPLIER_TS_ITEM };

  app.get(
    '/supplier/v1/ts/item/page',
    { schema: { tags: stags, summary: '本公司的服务项目', querystring: TechItemQuery, response: { 200: envelope(TechItemPage) } }, config: { access: items } },
    async (req) => ok(await svc.supplierItems(req.caller!, req.query)),
  );
  app.get(
    '/supplier/v1/ts/item/detail/:id',
    { schema: { tags: stags, summary: '服务项目详情', params: IdParams, response: { 200: envelope(TechItemVO) } }, config: { access: items } },
    async (req) => ok(await svc.supplierItem(req.caller!, req.params.id)),
  );
  app.post(
    '/supplier/v1/ts/item/add',
    {
      schema: { tags: stags, summary: '新增服务项目', body: TechItemBody, response: { 200: envelope(z.object({ id: z.number().int() })) } },
      config: { access: items },
    },
    async (req) => ok(await svc.createItem(who(req), req.body), '服务项目已新增'),
  );
  app.post(
    '/supplier/v1/ts/item/update',
    {
      schema: { tags: stags, summary: '修改服务项目（已提交的委托保留原名称与样品信息表）', body: TechItemUpdateBody, response: { 200: Ok } },
      config: { access: items },
    },
    async (req) => ok(await svc.updateItem(who(req), req.body.id, req.body.item).then(() => null), '服务项目已保存'),
  );
  app.post(
    '/supplier/v1/ts/item/updateStatus',
    { schema: { tags: stags, summary: '上架或下架服务项目', body: TechItemStatusBody, response: { 200: Ok } }, config: { access: items } },
    async (req) => ok(await svc.setItemActive(who(req), req.body.id, req.body.active).then(() => null), req.body.active ? '已上架' : '已下架'),
  );
  app.post(
    '/supplier/v1/ts/item/delete/:id',
    { schema: { tags: stags, summary: '删除服务项目', params: IdParams, response: { 200: Ok } }, config: { access: items } },
    async (req) => ok(await svc.deleteItem(who(req), req.params.id).then(() => null), '服务项目已删除'),
  );
}
