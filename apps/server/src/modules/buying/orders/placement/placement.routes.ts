import {
  AgentBuyerVO,
  CartConfirmBody,
  ConfirmVO,
  CreatedOrderVO,
  CreateOrderBody,
  DetailConfirmBody,
  ServerTime,
  SupplyAreaCheck,
  ValidateSupplyAreaBody,
} from '@kc/contracts/buying/mall';
import { envelope, NoQuery } from '@kc/contracts/platform/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Caller, Perm } from '../../../../platform/auth/access.ts';
import { ok } from '../../../../platform/http/reply.ts';
import type { PlacementService } from './placement.service.ts';

/** /mall/v1/order: confirmation (prices, fees, supply areas, buy tips) and placement, 代下单 candidates, server time. */
export function registerPlacementRoutes(root: FastifyInstance, svc: PlacementService) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const who = (req: { caller: Caller | null; ip: string }) => ({ caller: req.caller!, ip: req.ip });
  const buy = { perm: Perm.ORDER_BUY };
  const o = ['下单'];
  app.post(
    '/mall/v1/order/validateSupplyArea',
    {
      schema: {
        tags: o,
        summary: '校验收货地址是否在供货区域内',
        body: ValidateSupplyAreaBody,
        response: {
          200: envelope(SupplyAreaCheck),
        },
      },
      config: { access: buy },
    },
    async (req) => ok(await svc.validateSupplyArea(req.caller!, req.body.addressId, req.body.cartIds, req.body.items)),
  );
  app.post(
    '/mall/v1/order/cartConfirm',
    { schema: { tags: o, summary: '购物车结算确认', body: CartConfirmBody, response: { 200: envelope(ConfirmVO) } }, config: { access: buy } },
    async (req) => ok(await svc.cartConfirm(req.caller!, req.body.cartIds, req.body.addressId)),
  );
  app.post(
    '/mall/v1/order/detailConfirm',
    { schema: { tags: o, summary: '立即购买确认', body: DetailConfirmBody, response: { 200: envelope(ConfirmVO) } }, config: { access: buy } },
    async (req) => ok(await svc.detailConfirm(req.caller!, req.body.itemId, req.body.quantity, req.body.addressId)),
  );
  app.post(
    '/mall/v1/order/create',
    {
      schema: {
        tags: o,
        summary: '提交订单（按供应商拆分子订单；同一提交标识重复提交返回首个订单）',
        body: CreateOrderBody,
        response: { 200: envelope(CreatedOrderVO) },
      },
      config: { access: buy },
    },
    async (req) => ok(await svc.create(who(req), req.body), '订单已提交'),
  );
  app.get(
    '/mall/v1/order/agentBuyers',
    {
      schema: { tags: o, summary: '可代下单的本课题组采购人（仅助理有结果）', querystring: NoQuery, response: { 200: envelope(z.array(AgentBuyerVO)) } },
      config: { access: buy },
    },
    async (req) => ok(await svc.agentBuyers(req.caller!)),
  );
  app.get(
    '/mall/v1/order/getCurrentTime',
    {
      schema: { tags: o, summary: '服务器时间', querystring: NoQuery, response: { 200: envelope(ServerTime) } },
      config: { access: 'login' },
    },
    async () => ok(svc.currentTime()),
  );
}
