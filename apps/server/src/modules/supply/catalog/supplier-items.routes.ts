import { envelope, IdParams, NoQuery, Ok, pageOf } from '@kc/contracts/platform/common';
import {
  DuplicateGroupVO,
  ItemChangeBody,
  ItemIdsBody,
  ItemPreQuery,
  ItemPreVO,
  ItemPriceStockBody,
  ItemProposalBody,
  ItemReviewBatchBody,
  ItemReviewBody,
  ItemShelfBody,
  PriceHistoryVO,
  RestoreCheckVO,
  RestoreInfoVO,
  SupplierItemPage,
  SupplierItemQuery,
} from '@kc/contracts/supply/catalog-supplier-items';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Perm } from '../../../platform/auth/access.ts';
import { ok } from '../../../platform/http/reply.ts';
import type { ItemProposalsService } from './item-proposals.service.ts';
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
    '/supplier/v1/item/duplicates',
    {
      schema: {
        tags,
        summary: '重复商品：同品牌、同货号、同规格的在售或下架条目（按组）',
        querystring: NoQuery,
        response: { 200: envelope(z.array(DuplicateGroupVO)) },
      },
      config: { access: edit },
    },
    async (req) => ok(await svc.duplicates(req.caller!)),
  );
  app.post(
    '/supplier/v1/deleteDuplicatedData/:id',
    { schema: { tags, summary: '删除一条重复商品（保留同组其余条目；30 天内可恢复）', params: IdParams, response: { 200: Ok } }, config: { access: edit } },
    async (req) => {
      await svc.deleteDuplicate(who(req), req.params.id);
      return ok(null, '已删除重复条目');
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

/** Item proposals: the supplier's 新增商品 and the platform's review (assertItemById, assertItemBatch). */
export function registerItemProposalRoutes(root: FastifyInstance, svc: ItemProposalsService) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['供应商商品'];
  const edit = { perm: Perm.SUPPLIER_ITEM_EDIT, accountTypes: [2] };
  const review = { perm: Perm.ITEM_REVIEW };
  const who = (req: FastifyRequest) => ({ caller: req.caller!, ip: req.ip });

  app.post(
    '/supplier/v1/itemPre/add',
    {
      schema: { tags, summary: '新增商品：提交平台审核，通过后上架', body: ItemProposalBody, response: { 200: envelope(z.object({ id: z.number().int() })) } },
      config: { access: edit },
    },
    async (req) => ok(await svc.propose(who(req), req.body), '已提交，平台审核通过后上架'),
  );
  app.post(
    '/supplier/v1/itemPre/change',
    {
      schema: {
        tags,
        summary: '修改在售商品的名称、CAS 号或管制类别：提交平台审核，通过前商品照常销售',
        body: ItemChangeBody,
        response: { 200: envelope(z.object({ id: z.number().int() })) },
      },
      config: { access: edit },
    },
    async (req) => ok(await svc.requestChange(who(req), req.body), '已提交，平台审核通过后生效'),
  );
  app.get(
    '/supplier/v1/itemPre/page',
    {
      schema: { tags, summary: '本供应商的新增商品申请', querystring: ItemPreQuery, response: { 200: envelope(pageOf(ItemPreVO)) } },
      config: { access: edit },
    },
    async (req) => ok(await svc.supplierPage(req.caller!, req.query)),
  );
  app.get(
    '/supplier/v1/itemPre/review/page',
    {
      schema: { tags, summary: '平台：待审核与已审核的商品申请', querystring: ItemPreQuery, response: { 200: envelope(pageOf(ItemPreVO)) } },
      config: { access: review },
    },
    async (req) => ok(await svc.page(null, req.query)),
  );
  app.post(
    '/supplier/v1/assertItemById/:id',
    {
      schema: { tags, summary: '平台审核一条商品申请（通过即上架；驳回须写原因）', params: IdParams, body: ItemReviewBody, response: { 200: Ok } },
      config: { access: review },
    },
    async (req) => {
      await svc.review(who(req), [req.params.id], req.body.pass, req.body.reason);
      return ok(null, req.body.pass ? '已通过' : '已驳回');
    },
  );
  app.post(
    '/supplier/v1/assertItemBatch',
    { schema: { tags, summary: '平台批量审核商品申请（全部成功或全部不变）', body: ItemReviewBatchBody, response: { 200: Ok } }, config: { access: review } },
    async (req) => {
      await svc.review(who(req), req.body.ids, req.body.pass, req.body.reason);
      return ok(null, req.body.pass ? '已通过' : '已驳回');
    },
  );
}
