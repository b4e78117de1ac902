import { DoneOrderPage, DoneOrderQuery, OwedQuery, OwedVO, PaymentBody, SettledDataPage, SettledPage, SettledQuery } from '@kc/contracts/finance/settlement';
import { envelope } from '@kc/contracts/platform/common';
import { Perm } from '@kc/contracts/platform/permissions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { who } from '../../../platform/auth/who.ts';
import { ok } from '../../../platform/http/reply.ts';
import type { PaymentsService } from './payments.service.ts';
import { SETTLE_FINANCE as finance, SETTLEMENT_TAGS as tags } from './settlement-route-helpers.ts';
import type { StatementsService } from './statements.service.ts';

/** /mall/v1/check: the admin's (and institute finance's) settlement calls named by docs/domains/finance.md#check-calls — what awaits a statement, what is owed, payments. */
export function registerSettlementCheckRoutes(root: FastifyInstance, svc: { statements: StatementsService; payments: PaymentsService }) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/mall/v1/check/allHasDoneOrder',
    {
      schema: {
        tags,
        summary: '已完成（已验收，及计入对账的退货）且尚未进入对账单的子订单，可按供应商、单位、月份、子订单号筛选',
        querystring: DoneOrderQuery,
        response: { 200: envelope(DoneOrderPage) },
      },
      config: { access: finance },
    },
    async (req) => ok(await svc.statements.doneOrders(req.caller!, req.query)),
  );
  app.get(
    '/mall/v1/check/adminCheckSupplierMoney',
    {
      schema: {
        tags,
        summary: '应付供应商金额：财务已审核、尚未付清的对账单，按供应商与单位汇总（含人民币大写）',
        querystring: OwedQuery,
        response: { 200: envelope(z.array(OwedVO)) },
      },
      config: { access: finance },
    },
    async (req) => ok(await svc.payments.owed(req.caller!, req.query)),
  );
  app.post(
    '/mall/v1/check/adminCheckMoney',
    {
      schema: {
        tags,
        summary: '登记结算付款：银行流水号、付款日期，分配到同一单位同一供应商的对账单（可部分付款，不超过未付金额）',
        body: PaymentBody,
        response: { 200: envelope(z.object({ id: z.number().int(), paymentNo: z.string(), amount: z.number().int(), paidSubOrders: z.number().int() })) },
      },
      config: { access: { perm: Perm.SETTLE_FINANCE, flag: 'add' as const } },
    },
    async (req) => ok(await svc.payments.record(who(req), req.body), '付款已登记'),
  );
  app.get(
    '/mall/v1/check/adminHasCheckMoney',
    {
      schema: {
        tags,
        summary: '已结算汇总：按供应商与单位的付款笔数、金额与最近付款日期',
        querystring: SettledQuery,
        response: { 200: envelope(SettledPage) },
      },
      config: { access: finance },
    },
    async (req) => ok(await svc.payments.settled(req.caller!, req.query)),
  );
  app.get(
    '/mall/v1/check/adminHasCheckMoneyData',
    {
      schema: { tags, summary: '已结算明细：每笔付款及其分配到的对账单', querystring: SettledQuery, response: { 200: envelope(SettledDataPage) } },
      config: { access: finance },
    },
    async (req) => ok(await svc.payments.settledData(req.caller!, req.query)),
  );
}
