import { OrderDetail, StopOrderBody, StopReasonBody } from '@kc/contracts/buying/orders';
import { envelope, IdParams, NoQuery, Ok } from '@kc/contracts/platform/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { who } from '../../../platform/auth/who.ts';
import { ok } from '../../../platform/http/reply.ts';
import type { OrderMovesService } from './order-moves.service.ts';
import type { OrderQueriesService } from './order-queries.service.ts';
import { ORDER_TAGS as tags } from './order-route-helpers.ts';

/** /mall/v1/order-detail/:id, and the platform's stop of an order (by path id or by body). */
export function registerOrderDetailRoutes(root: FastifyInstance, { moves, queries }: { moves: OrderMovesService; queries: OrderQueriesService }) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/mall/v1/order-detail/:id',
    {
      schema: { tags, summary: '订单详情（明细、子订单、审批与物流时间线）', params: IdParams, querystring: NoQuery, response: { 200: envelope(OrderDetail) } },
      config: { access: 'login' },
    },
    async (req) => ok(await queries.detail(req.caller!, req.params.id)),
  );
  app.post(
    '/mall/v1/order-detail/adminStop/:id',
    { schema: { tags, summary: '平台终止订单', params: IdParams, body: StopReasonBody, response: { 200: Ok } }, config: { access: { accountTypes: [0] } } },
    async (req) => {
      await moves.stop(who(req), req.params.id, req.body.reason);
      return ok(null, '订单已终止');
    },
  );
  app.post(
    '/mall/v1/order-supplier/admin/stopOrder',
    { schema: { tags, summary: '平台终止订单', body: StopOrderBody, response: { 200: Ok } }, config: { access: { accountTypes: [0] } } },
    async (req) => {
      await moves.stop(who(req), req.body.id, req.body.reason);
      return ok(null, '订单已终止');
    },
  );
}
