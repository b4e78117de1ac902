import { envelope, IdParams, NoQuery, Ok } from '@kc/contracts/common';
import {
  BatchDecisionBody,
  BatchRefuseBody,
  CancelOrderBody,
  DeliverBody,
  ExpressChannelBody,
  FlowBody,
  FlowRoleQuery,
  MessageQuery,
  MessageReadBody,
  OrderFlagsBody,
  OrderListQuery,
  StopOrderBody,
  StopReasonBody,
  SubOrderBody,
  SubOrderReasonBody,
} from '@kc/contracts/orders';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Caller, Perm } from '../../platform/auth/access.ts';
import { fail } from '../../platform/http/errors.ts';
import { ok } from '../../platform/http/reply.ts';
import type { ListFilter } from './lifecycle.repository.ts';
import type { LifecycleService } from './lifecycle.service.ts';

const Results = envelope(z.array(z.object({ id: z.number(), ok: z.boolean(), message: z.string() })));
const Created = envelope(z.object({ id: z.number().int() }));

/** Shanghai calendar days to the UTC instants stored in the database. */
function filterOf(q: z.infer<typeof OrderListQuery>): ListFilter {
  const day = (d: string, plus = 0) => new Date(Date.parse(`${d}T00:00:00+08:00`) + plus * 86_400_000).toISOString();
  return {
    status: q.status?.split(','),
    orderNo: q.orderNo,
    dateFrom: q.dateFrom ? day(q.dateFrom) : undefined,
    dateTo: q.dateTo ? day(q.dateTo, 1) : undefined,
    current: q.current,
    size: q.size,
  };
}

/** Order lifecycle routes per role: /mall/v1/order-caas, order-detail, order-supplier; /supplier/v1/order; flows, express channels, messages. */
export function registerLifecycleRoutes(root: FastifyInstance, svc: LifecycleService) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const who = (req: { caller: Caller | null; ip: string }) => ({ caller: req.caller!, ip: req.ip });
  const tags = ['订单流转'];
  const list = (role: 'buyer' | 'team' | 'institute' | 'checker' | 'finance' | 'admin', access: object, summary: string, path: string) =>
    app.get(path, { schema: { tags, summary, querystring: OrderListQuery }, config: { access: access as never } }, async (req) =>
      ok(await svc.list(req.caller!, role, req.query.tab, filterOf(req.query))),
    );

  list('buyer', { perm: Perm.ORDER_BUY }, '我的订单（含代下单）', '/mall/v1/order-caas/buyer/page');
  list('team', { perm: Perm.ORDER_APPROVE }, '课题组长：待审批/已处理订单', '/mall/v1/order-caas/team/page');
  list('institute', { perm: Perm.ORDER_APPROVE }, '研究所：待审批/已处理订单', '/mall/v1/order-caas/institute/page');
  list('checker', { perm: Perm.ORDER_CHECK }, '验收人：待验收/已处理订单', '/mall/v1/order-caas/checker/page');
  list('finance', { perm: Perm.ORDER_FINANCE }, '财务：本所订单', '/mall/v1/order-caas/finance/page');
  list('admin', { accountTypes: [0] }, '平台：全部订单', '/mall/v1/order-supplier/admin/all');

  for (const step of ['team', 'institute'] as const) {
    app.post(
      `/mall/v1/order-caas/${step}/pass`,
      {
        schema: { tags, summary: '审批通过（可批量）', body: BatchDecisionBody, response: { 200: Results } },
        config: { access: { perm: Perm.ORDER_APPROVE } },
      },
      async (req) => ok(await svc.decide(who(req), step, req.body.ids, true, null), '审批完成'),
    );
    app.post(
      `/mall/v1/order-caas/${step}/refuse`,
      {
        schema: { tags, summary: '审批驳回（可批量，须填原因）', body: BatchRefuseBody, response: { 200: Results } },
        config: { access: { perm: Perm.ORDER_APPROVE } },
      },
      async (req) => ok(await svc.decide(who(req), step, req.body.ids, false, req.body.reason), '已驳回'),
    );
  }
  app.post(
    '/mall/v1/order-caas/buyer/cancel',
    { schema: { tags, summary: '取消订单（审批中）', body: CancelOrderBody, response: { 200: Ok } }, config: { access: { perm: Perm.ORDER_BUY } } },
    async (req) => {
      await svc.cancel(who(req), req.body.id, req.body.reason ?? null);
      return ok(null, '订单已取消');
    },
  );
  app.post(
    '/mall/v1/order-caas/buyer/arrived',
    { schema: { tags, summary: '确认到货', body: SubOrderBody, response: { 200: Ok } }, config: { access: { perm: Perm.ORDER_BUY } } },
    async (req) => {
      await svc.arrived(who(req), req.body.subOrderId);
      return ok(null, '已确认到货');
    },
  );
  app.post(
    '/mall/v1/order-caas/buyer/refund',
    { schema: { tags, summary: '申请退款', body: SubOrderReasonBody, response: { 200: Ok } }, config: { access: { perm: Perm.ORDER_BUY } } },
    async (req) => {
      await svc.refund(who(req), req.body.subOrderId, req.body.reason);
      return ok(null, '已提交退款申请');
    },
  );
  app.post(
    '/mall/v1/order-caas/checker/accept',
    { schema: { tags, summary: '验收通过', body: SubOrderBody, response: { 200: Ok } }, config: { access: { perm: Perm.ORDER_CHECK } } },
    async (req) => {
      await svc.accept(who(req), req.body.subOrderId);
      return ok(null, '验收通过');
    },
  );
  app.post(
    '/mall/v1/order-caas/checker/reject',
    { schema: { tags, summary: '验收不通过（须填原因）', body: SubOrderReasonBody, response: { 200: Ok } }, config: { access: { perm: Perm.ORDER_CHECK } } },
    async (req) => {
      await svc.reject(who(req), req.body.subOrderId, req.body.reason);
      return ok(null, '已退回');
    },
  );

  app.get(
    '/mall/v1/order-detail/:id',
    { schema: { tags, summary: '订单详情（明细、子订单、审批与物流时间线）', params: IdParams, querystring: NoQuery }, config: { access: 'login' } },
    async (req) => ok(await svc.detail(req.caller!, req.params.id)),
  );
  app.post(
    '/mall/v1/order-detail/adminStop/:id',
    { schema: { tags, summary: '平台终止订单', params: IdParams, body: StopReasonBody, response: { 200: Ok } }, config: { access: { accountTypes: [0] } } },
    async (req) => {
      await svc.stop(who(req), req.params.id, req.body.reason);
      return ok(null, '订单已终止');
    },
  );
  app.post(
    '/mall/v1/order-supplier/admin/stopOrder',
    { schema: { tags, summary: '平台终止订单', body: StopOrderBody, response: { 200: Ok } }, config: { access: { accountTypes: [0] } } },
    async (req) => {
      await svc.stop(who(req), req.body.id, req.body.reason);
      return ok(null, '订单已终止');
    },
  );

  // ── supplier side ──
  const sup = ['供应商订单'];
  app.get(
    '/supplier/v1/order/page',
    { schema: { tags: sup, summary: '供应商子订单列表', querystring: OrderListQuery }, config: { access: { accountTypes: [2] } } },
    async (req) => ok(await svc.supplierList(req.caller!, filterOf(req.query))),
  );
  app.post(
    '/supplier/v1/order/confirm',
    { schema: { tags: sup, summary: '确认接单', body: SubOrderBody, response: { 200: Ok } }, config: { access: { accountTypes: [2] } } },
    async (req) => {
      await svc.supplierConfirm(who(req), req.body.subOrderId);
      return ok(null, '已确认');
    },
  );
  app.post(
    '/supplier/v1/order/refuse',
    { schema: { tags: sup, summary: '拒绝接单（须填原因）', body: SubOrderReasonBody, response: { 200: Ok } }, config: { access: { accountTypes: [2] } } },
    async (req) => {
      await svc.supplierRefuse(who(req), req.body.subOrderId, req.body.reason);
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
      await svc.deliver(who(req), req.body.subOrderId, req.body);
      return ok(null, '已发货');
    },
  );
  app.post(
    '/supplier/v1/order/refundConfirm',
    { schema: { tags: sup, summary: '同意退款', body: SubOrderBody, response: { 200: Ok } }, config: { access: { accountTypes: [2] } } },
    async (req) => {
      await svc.refundConfirm(who(req), req.body.subOrderId);
      return ok(null, '已退款');
    },
  );
  app.post(
    '/supplier/v1/order/modifyOrderFlag',
    { schema: { tags: sup, summary: '修改订单标记', body: OrderFlagsBody, response: { 200: Ok } }, config: { access: { accountTypes: [2] } } },
    async (req) => {
      await svc.modifyFlags(who(req), req.body.subOrderId, req.body.flags);
      return ok(null, '已保存');
    },
  );
  app.get(
    '/supplier/v1/orderLog/listByOrderId/:id',
    { schema: { tags: sup, summary: '订单日志', params: IdParams, querystring: NoQuery }, config: { access: 'login' } },
    async (req) => ok(await svc.logsOf(req.caller!, req.params.id)),
  );

  // ── configuration and lookups ──
  const cfg = ['审批流程与快递渠道'];
  app.get(
    '/mall/v1/approval/flow',
    {
      schema: {
        tags: cfg,
        summary: '研究所审批流程',
        querystring: z.object({ instituteId: z.coerce.number().int().positive(), t: z.string().optional() }).strict(),
      },
      config: { access: { perm: Perm.APPROVAL_MANAGE } },
    },
    async (req) => ok(await svc.flow(req.query.instituteId)),
  );
  app.put(
    '/mall/v1/approval/flow',
    { schema: { tags: cfg, summary: '保存研究所审批流程', body: FlowBody, response: { 200: Ok } }, config: { access: { perm: Perm.APPROVAL_MANAGE } } },
    async (req) => {
      const { instituteId, ...flow } = req.body;
      await svc.saveFlow(who(req), instituteId, flow);
      return ok(null, '已保存');
    },
  );
  app.get(
    '/mall/v1/expChannel/list',
    { schema: { tags: cfg, summary: '快递渠道（启用的）', querystring: NoQuery }, config: { access: 'login' } },
    async (req) => ok(await svc.expressChannels(req.caller!.perms.has(Perm.EXPRESS_MANAGE))),
  );
  app.post(
    '/mall/v1/expChannel/save',
    {
      schema: { tags: cfg, summary: '新增或修改快递渠道', body: ExpressChannelBody, response: { 200: Created } },
      config: { access: { perm: Perm.EXPRESS_MANAGE } },
    },
    async (req) => ok(await svc.saveChannel(who(req), req.body), '已保存'),
  );

  const scopeOf = (c: Caller, q: { teamId?: number; instituteId?: number }) => {
    // outside the platform admin, lookups stay inside the caller's institute
    const instituteId = c.accountType === 0 ? (q.instituteId ?? null) : c.instituteId;
    if (c.accountType !== 0 && q.instituteId !== undefined && q.instituteId !== c.instituteId) fail('FORBIDDEN');
    return { institute_id: instituteId, team_id: q.teamId ?? null };
  };
  app.get(
    '/uac/v1/caas-user/queryUserByRoleAndDept',
    { schema: { tags: cfg, summary: '可处理某环节的人员', querystring: FlowRoleQuery }, config: { access: 'login' } },
    async (req) => ok(await svc.actors(req.query.role, scopeOf(req.caller!, req.query))),
  );
  for (const path of ['/uac/v1/caas-user/canUserInFlowByRoleAndDept', '/uac/v1/caas-user/canUserInFlowByRoleAndInstitute']) {
    app.get(path, { schema: { tags: cfg, summary: '某人能否处理某环节', querystring: FlowRoleQuery }, config: { access: 'login' } }, async (req) =>
      ok({ can: await svc.canUserAct(req.query.userId ?? req.caller!.userId, req.query.role, scopeOf(req.caller!, req.query)) }),
    );
  }

  const msg = ['站内消息'];
  app.get('/mall/v1/message/page', { schema: { tags: msg, summary: '我的站内消息', querystring: MessageQuery }, config: { access: 'login' } }, async (req) =>
    ok(await svc.myMessages(req.caller!, req.query.current, req.query.size, req.query.unread === 'true')),
  );
  app.post(
    '/mall/v1/message/read',
    { schema: { tags: msg, summary: '标记已读', body: MessageReadBody, response: { 200: Ok } }, config: { access: 'login' } },
    async (req) => {
      await svc.markRead(req.caller!, req.body.ids);
      return ok(null, '已读');
    },
  );
}
