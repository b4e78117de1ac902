import { envelope, IdParams, NoQuery, Ok } from '@kc/contracts/common';
import {
  ItemIdsBody,
  ItemPriceStockBody,
  ItemShelfBody,
  PriceHistoryVO,
  RestoreCheckVO,
  RestoreInfoVO,
  SupplierItemPage,
  SupplierItemQuery,
} from '@kc/contracts/supplier-items';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Perm } from '../../platform/auth/access.ts';
import { ok } from '../../platform/http/reply.ts';
import type { SupplierItemsService } from './supplier-items.service.ts';

/** /supplier/v1/item: 商品管理 of the supplier portal (the caller's own items only). */
export function registerSupplierItemRoutes(root: FastifyInstance, svc: SupplierItemsService) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['供应商商品'];
  const edit = { perm: Perm.SUPPLIER_ITEM_EDIT, accountTypes: [2] };
  const who = (req: FastifyRequest) => ({ caller: req.caller!, ip: req.ip });

  app.get(
    '/supplier/v1/item/plist',
    {
      schema: {
        tags,
        summary: '本供应商商品：在售、已下架、已删除（30 天内可恢复）；按名称、CAS 号、货号查找',
        querystring: SupplierItemQuery,
        response: { 200: envelope(SupplierItemPage) },
      },
      config: { access: edit },
    },
    async (req) => ok(await svc.page(req.caller!, req.query)),
  );
  app.post(
    '/supplier/v1/item/shelf',
    { schema: { tags, summary: '上架 / 下架（批量）', body: ItemShelfBody, response: { 200: Ok } }, config: { access: edit } },
    async (req) => {
      await svc.setShelf(who(req), req.body.ids, req.body.onShelf);
      return ok(null, req.body.onShelf ? '已上架' : '已下架');
    },
  );
  app.post(
    '/supplier/v1/item/priceStock',
    { schema: { tags, summary: '改价与库存（立即生效，改价记入价格历史）', body: ItemPriceStockBody, response: { 200: Ok } }, config: { access: edit } },
    async (req) => {
      await svc.updatePriceStock(who(req), req.body);
      return ok(null, '已保存');
    },
  );
  app.post(
    '/supplier/v1/item/delete',
    { schema: { tags, summary: '删除商品（批量；30 天内可恢复）', body: ItemIdsBody, response: { 200: Ok } }, config: { access: edit } },
    async (req) => {
      await svc.remove(who(req), req.body.ids);
      return ok(null, '已删除，30 天内可在“已删除”中恢复');
    },
  );
  app.get(
    '/supplier/v1/item/isRestoreDeletedItems/:id',
    {
      schema: { tags, summary: '已删除的商品能否恢复', params: IdParams, querystring: NoQuery, response: { 200: envelope(RestoreCheckVO) } },
      config: { access: edit },
    },
    async (req) => ok(await svc.restoreCheck(req.caller!, req.params.id)),
  );
  app.get(
    '/supplier/v1/item/getRestoreDelItemsInfo/:id',
    {
      schema: { tags, summary: '恢复后商品的样子（恢复后为下架状态）', params: IdParams, querystring: NoQuery, response: { 200: envelope(RestoreInfoVO) } },
      config: { access: edit },
    },
    async (req) => ok(await svc.restoreInfo(req.caller!, req.params.id)),
  );
  app.post(
    '/supplier/v1/item/recoverDeletedItems',
    { schema: { tags, summary: '恢复已删除的商品（批量；删除 30 天内）', body: ItemIdsBody, response: { 200: Ok } }, config: { access: edit } },
    async (req) => {
      await svc.recover(who(req), req.body.ids);
      return ok(null, '已恢复，商品为下架状态，核对后可上架');
    },
  );
  app.get(
    '/supplier/v1/item/priceHistory/:id',
    {
      schema: { tags, summary: '商品价格历史（最近 100 次）', params: IdParams, querystring: NoQuery, response: { 200: envelope(z.array(PriceHistoryVO)) } },
      config: { access: edit },
    },
    async (req) => ok(await svc.priceHistory(req.caller!, req.params.id)),
  );
}
