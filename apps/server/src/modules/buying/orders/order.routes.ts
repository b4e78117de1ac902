import {
  BatchRefuseBody,
  BatchResults,
  CancelOrderBody,
  DeliverBody,
  ExpressChannelBody,
  ExpressChannelList,
  OrderDetail,
  OrderFlagsBody,
  OrderListQuery,
  type OrderListRole,
  OrderLogList,
  OrderPage,
  StockInBody,
  StopOrderBody,
  StopReasonBody,
  SubOrderBody,
  SubOrderReasonBody,
  SupplierOrderPage,
} from '@kc/contracts/buying/orders';
import { PassWithBudgetBody } from '@kc/contracts/ledgers/budget';
import { envelope, IdParams, NoQuery, Ok } from '@kc/contracts/platform/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Caller, Perm } from '../../../platform/auth/access.ts';
import { ok } from '../../../platform/http/reply.ts';
import type { ExpressChannelService } from './express-channels.ts';
import { listFilterOf } from './order.repository.ts';
import type { OrderMovesService } from './order-moves.service.ts';
import type { OrderQueriesService } from './order-queries.service.ts';

const Created = envelope(z.object({ id: z.number().int() }));

const filterOf = (q: z.infer<typeof OrderListQuery>) => listFilterOf(q, q);

export interface OrderRouteServices {
  moves: OrderMovesService;
  queries: OrderQueriesService;
  channels: ExpressChannelService;
}

/** Placed orders per role: /mall/v1/order-caas, order-detail, order-supplier; /supplier/v1/order; express channels. */
export function registerOrderRoutes(root: FastifyInstance, { moves, queries, channels }: OrderRouteServices) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const who = (req: { caller: Caller | null; ip: string }) => ({ caller: req.caller!, ip: req.ip });
  const tags = ['订单流转'];
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

  // the card step (他人代付) is decided by the card's PI, who holds the 经费卡 permission; the others by approvers
  for (const step of ['card', 'team', 'institute'] as const) {
    app.post(
      `/mall/v1/order-caas/${step}/pass`,
      {
        schema: {
          tags,
          summary: '审批通过（可批量；终审冻结经费卡，超支禁止的卡余额不足时拒绝，研究所负责人或财务可填写超支原因通过）',
          body: PassWithBudgetBody,
          response: { 200: envelope(BatchResults) },
        },
        config: { access: { perm: step === 'card' ? Perm.GRANT_CARD : Perm.ORDER_APPROVE } },
      },
      async (req) => ok(await moves.decide(who(req), step, req.body.ids, 'pass', null, req.body.overrideReason ?? null), '审批完成'),
    );
    app.post(
      `/mall/v1/order-caas/${step}/refuse`,
      {
        schema: { tags, summary: '审批驳回（可批量，须填原因）', body: BatchRefuseBody, response: { 200: envelope(BatchResults) } },
        config: { access: { perm: step === 'card' ? Perm.GRANT_CARD : Perm.ORDER_APPROVE } },
      },
      async (req) => ok(await moves.decide(who(req), step, req.body.ids, 'refuse', req.body.reason), '已驳回'),
    );
  }
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

  // ── supplier side ──
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

  // ── configuration ──
  const cfg = ['快递渠道'];
  app.get(
    '/mall/v1/expChannel/list',
    {
      schema: { tags: cfg, summary: '快递渠道（启用的）', querystring: NoQuery, response: { 200: envelope(ExpressChannelList) } },
      config: { access: 'login' },
    },
    async (req) => ok(await channels.list(req.caller!.perms.has(Perm.EXPRESS_MANAGE))),
  );
  app.post(
    '/mall/v1/expChannel/save',
    {
      schema: { tags: cfg, summary: '新增或修改快递渠道', body: ExpressChannelBody, response: { 200: Created } },
      config: { access: { perm: Perm.EXPRESS_MANAGE, flag: 'modify' } },
    },
    async (req) => ok(await channels.save(who(req), req.body), '已保存'),
  );
}
