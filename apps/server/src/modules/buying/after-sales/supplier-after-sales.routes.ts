import {
  AfterSaleDetail,
  AfterSaleIdBody,
  AfterSaleNoteBody,
  AfterSalePage,
  AfterSalePicture,
  AfterSaleQuery,
  AfterSaleRefuseBody,
} from '@kc/contracts/buying/after-sales';
import { envelope, IdParams, NoQuery } from '@kc/contracts/platform/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Perm } from '../../../platform/auth/access.ts';
import { who } from '../../../platform/auth/who.ts';
import { ok } from '../../../platform/http/reply.ts';
import { Moved } from './after-sale-route-helpers.ts';
import type { AfterSalesService } from './after-sales.service.ts';

/** The supplier's side under /supplier/v1/afterSale: its requests, and agreeing, refusing, receiving goods back and finishing. It answers 404 for a request that is not theirs. */
export function registerSupplierAfterSaleRoutes(root: FastifyInstance, svc: AfterSalesService) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const supplier = { perm: Perm.SUPPLIER_AFTER_SALE, accountTypes: [2] };
  const stags = ['供应商售后'];

  const s = '/supplier/v1/afterSale';
  app.get(
    `${s}/page`,
    {
      schema: { tags: stags, summary: '本公司的售后申请', querystring: AfterSaleQuery, response: { 200: envelope(AfterSalePage) } },
      config: { access: supplier },
    },
    async (req) => ok(await svc.page(req.caller!, req.query)),
  );
  app.get(
    `${s}/get/:id`,
    {
      schema: { tags: stags, summary: '售后申请详情', params: IdParams, querystring: NoQuery, response: { 200: envelope(AfterSaleDetail) } },
      config: { access: supplier },
    },
    async (req) => ok(await svc.detail(req.caller!, req.params.id)),
  );
  app.get(
    `${s}/pictures/:id`,
    {
      schema: { tags: stags, summary: '售后申请的全部图片', params: IdParams, querystring: NoQuery, response: { 200: envelope(z.array(AfterSalePicture)) } },
      config: { access: supplier },
    },
    async (req) => ok(await svc.pictures(req.caller!, req.params.id)),
  );
  app.post(
    `${s}/agree`,
    { schema: { tags: stags, summary: '同意售后（退货、换货须等商品寄回）', body: AfterSaleNoteBody, response: { 200: Moved } }, config: { access: supplier } },
    async (req) => ok(await svc.move(who(req), req.body.id, 'agree', 'supplier', { supplier_note: req.body.note ?? null }, req.body.note ?? null), '已同意'),
  );
  app.post(
    `${s}/refuse`,
    { schema: { tags: stags, summary: '拒绝售后（须填原因）', body: AfterSaleRefuseBody, response: { 200: Moved } }, config: { access: supplier } },
    async (req) => ok(await svc.move(who(req), req.body.id, 'refuse', 'supplier', { refuse_reason: req.body.reason }, req.body.reason), '已拒绝'),
  );
  app.post(
    `${s}/receive`,
    { schema: { tags: stags, summary: '确认收到寄回的商品', body: AfterSaleIdBody, response: { 200: Moved } }, config: { access: supplier } },
    async (req) => ok(await svc.move(who(req), req.body.id, 'receive', 'supplier'), '已确认收货'),
  );
  app.post(
    `${s}/finish`,
    { schema: { tags: stags, summary: '完成退款或换货/补发', body: AfterSaleNoteBody, response: { 200: Moved } }, config: { access: supplier } },
    async (req) => ok(await svc.move(who(req), req.body.id, 'finish', 'supplier', {}, req.body.note ?? null), '已完成'),
  );
}
