import { BidSubmitBody, MyBidVO, SupplierBidDetail, SupplierBidPage, SupplierBidQuery } from '@kc/contracts/buying/bids';
import { envelope, IdParams } from '@kc/contracts/platform/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Perm } from '../../../platform/auth/access.ts';
import { ok } from '../../../platform/http/reply.ts';
import type { SupplierBidsService } from './supplier-bids.service.ts';

/** /supplier/v1/bid: the supplier's 投标 (the projects open to it, its sealed bid, the result). */
export function registerSupplierBidRoutes(root: FastifyInstance, suppliers: SupplierBidsService) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const supplier = { perm: Perm.SUPPLIER_BID };
  const stags = ['供应商投标'];

  app.get(
    '/supplier/v1/bid/all/list',
    {
      schema: {
        tags: stags,
        summary: '招标项目（open：可投标的；mine：已投标的），含本公司的投标',
        querystring: SupplierBidQuery,
        response: { 200: envelope(SupplierBidPage) },
      },
      config: { access: supplier },
    },
    async (req) => ok(await suppliers.page(req.caller!, req.query)),
  );
  app.get(
    '/supplier/v1/bid/detail/:id',
    {
      schema: { tags: stags, summary: '招标项目详情与本公司的投标（开标后含结果）', params: IdParams, response: { 200: envelope(SupplierBidDetail) } },
      config: { access: supplier },
    },
    async (req) => ok(await suppliers.detail(req.caller!, req.params.id)),
  );
  app.post(
    '/supplier/v1/bid/submit',
    {
      schema: { tags: stags, summary: '提交或修改投标（密封；截止前可修改）', body: BidSubmitBody, response: { 200: envelope(MyBidVO.nullable()) } },
      config: { access: supplier },
    },
    async (req) => ok(await suppliers.submit(req.caller!, req.body), '投标已提交'),
  );
}
