import { envelope, IdParams, Ok, PageQuery, pageOf } from '@kc/contracts/platform/common';
import { SaleBody, SaleVO } from '@kc/contracts/supply/catalog-supplier-items';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Perm } from '../../../platform/auth/access.ts';
import { ok } from '../../../platform/http/reply.ts';
import type { ItemSalesService } from './item-sales.service.ts';

/** /supplier/v1/sale: 促销 — sale campaigns of the supplier's items, reviewed by the platform (商品审核). */
export function registerItemSaleRoutes(root: FastifyInstance, svc: ItemSalesService) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['供应商促销'];
  const access = { perm: Perm.SUPPLIER_ITEM_EDIT, accountTypes: [2] };
  const who = (req: FastifyRequest) => ({ caller: req.caller!, ip: req.ip });

  app.post(
    '/supplier/v1/sale/add',
    {
      schema: { tags, summary: '申请促销：平台审核通过后按期生效', body: SaleBody, response: { 200: envelope(z.object({ id: z.number().int() })) } },
      config: { access },
    },
    async (req) => ok(await svc.add(who(req), req.body), '已提交，平台审核通过后按期生效'),
  );
  app.get(
    '/supplier/v1/sale/plist',
    { schema: { tags, summary: '本供应商的促销申请与活动', querystring: PageQuery.strict(), response: { 200: envelope(pageOf(SaleVO)) } }, config: { access } },
    async (req) => ok(await svc.page(req.caller!, req.query)),
  );
  app.post(
    '/supplier/v1/sale/end/:id',
    { schema: { tags, summary: '提前结束促销（恢复原价）', params: IdParams, response: { 200: Ok } }, config: { access } },
    async (req) => {
      await svc.end(who(req), req.params.id);
      return ok(null, '促销已结束');
    },
  );
}
