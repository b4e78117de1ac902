import { DeliverBody, OrderFlagsBody, OrderListQuery, OrderLogList, SubOrderBody, SubOrderReasonBody, SupplierOrderPage } from '@kc/contracts/buying/orders';
import { envelope, IdParams, NoQuery, Ok } from '@kc/contracts/platform/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Perm } from '../../../platform/auth/access.ts';
import { who } from '../../../platform/auth/who.ts';
import { ok } from '../../../platform/http/reply.ts';
import type { OrderMovesService } from './order-moves.service.ts';
import type { OrderQueriesService } from './order-queries.service.ts';
import { filterOf } from './order-route-helpers.ts';

/** /supplier/v1/order and orderLog: the supplier's sub-orders, from confirmation to delivery and refund. */
export function registerSupplierOrderRoutes(root: FastifyInstance, { moves, queries }: { moves: OrderMovesService; queries: OrderQueriesService }) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const sup = ['供应商订单'];
  app.get(
    '/supplier/v1/order/page',
    {
      schema: { tags: sup, summary: '供应商子订单列表', querystring: OrderListQuery, response: { 200: envelope(SupplierOrderPage) } },
      config: { access: { accountTypes: [2] } },
    },
    async (req) => ok(await queries.supplierList(req.caller!, filterOf(req.query))),
  );
  app.post(
    '/supplier/v1/order/confirm',
    { schema: { tags: sup, summary: '确认接单', body: SubOrderBody, response: { 200: Ok } }, config: { access: { accountTypes: [2] } } },
    async (req) => {
      await moves.supplierConfirm(who(req), req.body.subOrderId);
      return ok(null, '已确认');
    },
  );
  app.post(
    '/supplier/v1/order/refuse',
    { schema: { tags: sup, summary: '拒绝接单（须填原因）', body: SubOrderReasonBody, response: { 200: Ok } }, config: { access: { accountTypes: [2] } } },
    async (req) => {
      await moves.supplierRefuse(who(req), req.body.subOrderId, req.body.reason);
      return ok(null, '已拒单');
    },
  );
  app.post(
    '/supplier/v1/order/deliver',
    {
      schema: { tags: sup, summary: '发货（可部分发货）', body: DeliverBody, response: { 200: Ok } },
      config: { access: { perm: Perm.SUPPLIER_DELIVER, accountTypes: [2] } },
    },
    async (req) => {
      await moves.deliver(who(req), req.body.subOrderId, req.body);
      return ok(null, '已发货');
    },
  );
  app.post(
    '/supplier/v1/order/refundConfirm',
    { schema: { tags: sup, summary: '同意退款', body: SubOrderBody, response: { 200: Ok } }, config: { access: { accountTypes: [2] } } },
    async (req) => {
      await moves.refundConfirm(who(req), req.body.subOrderId);
      return ok(null, '已退款');
    },
  );
  app.post(
    '/supplier/v1/order/modifyOrderFlag',
    { schema: { tags: sup, summary: '修改订单标记', body: OrderFlagsBody, response: { 200: Ok } }, config: { access: { accountTypes: [2] } } },
    async (req) => {
      await moves.modifyFlags(who(req), req.body.subOrderId, req.body.flags);
      return ok(null, '已保存');
    },
  );
  app.get(
    '/supplier/v1/orderLog/listByOrderId/:id',
    {
      schema: { tags: sup, summary: '订单日志', params: IdParams, querystring: NoQuery, response: { 200: envelope(OrderLogList) } },
      config: { access: 'login' },
    },
    async (req) => ok(await queries.logsOf(req.caller!, req.params.id)),
  );
}
