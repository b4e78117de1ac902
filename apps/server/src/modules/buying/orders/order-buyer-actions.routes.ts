import { CancelOrderBody, StockInBody, SubOrderReasonBody } from '@kc/contracts/buying/orders';
import { Ok } from '@kc/contracts/platform/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Perm } from '../../../platform/auth/access.ts';
import { who } from '../../../platform/auth/who.ts';
import { ok } from '../../../platform/http/reply.ts';
import type { OrderMovesService } from './order-moves.service.ts';
import { ORDER_TAGS as tags } from './order-route-helpers.ts';

/** /mall/v1/order-caas/buyer/{cancel,arrived,refund}: what the buyer does to an own order. */
export function registerBuyerOrderActionRoutes(root: FastifyInstance, moves: OrderMovesService) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/mall/v1/order-caas/buyer/cancel',
    { schema: { tags, summary: '取消订单（审批中）', body: CancelOrderBody, response: { 200: Ok } }, config: { access: { perm: Perm.ORDER_BUY } } },
    async (req) => {
      await moves.cancel(who(req), req.body.id, req.body.reason ?? null);
      return ok(null, '订单已取消');
    },
  );
  app.post(
    '/mall/v1/order-caas/buyer/arrived',
    {
      schema: { tags, summary: '确认到货（无需验收时即入库，可选存放位置）', body: StockInBody, response: { 200: Ok } },
      config: { access: { perm: Perm.ORDER_BUY } },
    },
    async (req) => {
      await moves.arrived(who(req), req.body.subOrderId, req.body.locationId);
      return ok(null, '已确认到货');
    },
  );
  app.post(
    '/mall/v1/order-caas/buyer/refund',
    { schema: { tags, summary: '申请退款', body: SubOrderReasonBody, response: { 200: Ok } }, config: { access: { perm: Perm.ORDER_BUY } } },
    async (req) => {
      await moves.refund(who(req), req.body.subOrderId, req.body.reason);
      return ok(null, '已提交退款申请');
    },
  );
}
