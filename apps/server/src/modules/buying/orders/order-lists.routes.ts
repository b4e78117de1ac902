import { OrderListQuery, type OrderListRole, OrderPage } from '@kc/contracts/buying/orders';
import { envelope } from '@kc/contracts/platform/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Perm } from '../../../platform/auth/access.ts';
import { ok } from '../../../platform/http/reply.ts';
import type { OrderQueriesService } from './order-queries.service.ts';
import { filterOf, ORDER_TAGS as tags } from './order-route-helpers.ts';

/** /mall/v1/order-caas/<role>/page and the platform's /mall/v1/order-supplier/admin/all: placed orders as each role lists them. */
export function registerOrderListRoutes(root: FastifyInstance, queries: OrderQueriesService) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const list = (role: OrderListRole, access: object, summary: string, path: string) =>
    app.get(
      path,
      { schema: { tags, summary, querystring: OrderListQuery, response: { 200: envelope(OrderPage) } }, config: { access: access as never } },
      async (req) => ok(await queries.list(req.caller!, role, req.query.tab, filterOf(req.query))),
    );

  list('buyer', { perm: Perm.ORDER_BUY }, '我的订单（含代下单）', '/mall/v1/order-caas/buyer/page');
  list('card', { perm: Perm.GRANT_CARD }, '经费卡负责人：使用本人经费卡的他人代付订单（待审批/已处理）', '/mall/v1/order-caas/card/page');
  list('team', { perm: Perm.ORDER_APPROVE }, '课题组长：待审批/已处理订单', '/mall/v1/order-caas/team/page');
  list('institute', { perm: Perm.ORDER_APPROVE }, '研究所：待审批/已处理订单', '/mall/v1/order-caas/institute/page');
  list('checker', { perm: Perm.ORDER_CHECK }, '验收人：待验收/已处理订单', '/mall/v1/order-caas/checker/page');
  list('finance', { perm: Perm.ORDER_FINANCE }, '财务：本所订单', '/mall/v1/order-caas/finance/page');
  list('admin', { accountTypes: [0] }, '平台：全部订单', '/mall/v1/order-supplier/admin/all');
}
