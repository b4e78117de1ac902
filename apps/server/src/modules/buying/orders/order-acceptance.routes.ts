import { StockInBody, SubOrderReasonBody } from '@kc/contracts/buying/orders';
import { Ok } from '@kc/contracts/platform/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Perm } from '../../../platform/auth/access.ts';
import { who } from '../../../platform/auth/who.ts';
import { ok } from '../../../platform/http/reply.ts';
import type { OrderMovesService } from './order-moves.service.ts';
import { ORDER_TAGS as tags } from './order-route-helpers.ts';

/** /mall/v1/order-caas/checker/{accept,reject}: the checker's acceptance of a delivered sub-order. */
export function registerOrderAcceptanceRoutes(root: FastifyInstance, moves: OrderMovesService) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/mall/v1/order-caas/checker/accept',
    {
      schema: { tags, summary: '验收通过（验收即入库：每件一个库存容器，可选存放位置）', body: StockInBody, response: { 200: Ok } },
      config: { access: { perm: Perm.ORDER_CHECK } },
    },
    async (req) => {
      await moves.accept(who(req), req.body.subOrderId, req.body.locationId);
      return ok(null, '验收通过');
    },
  );
  app.post(
    '/mall/v1/order-caas/checker/reject',
    { schema: { tags, summary: '验收不通过（须填原因）', body: SubOrderReasonBody, response: { 200: Ok } }, config: { access: { perm: Perm.ORDER_CHECK } } },
    async (req) => {
      await moves.reject(who(req), req.body.subOrderId, req.body.reason);
      return ok(null, '已退回');
    },
  );
}
