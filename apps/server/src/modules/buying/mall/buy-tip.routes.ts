import { BuyTipBody, BuyTipUpdateBody, BuyTipVO } from '@kc/contracts/buying/mall';
import { envelope, IdParams, NoQuery, Ok } from '@kc/contracts/platform/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Perm } from '../../../platform/auth/access.ts';
import { who } from '../../../platform/auth/who.ts';
import { ok } from '../../../platform/http/reply.ts';
import type { BuyTipService } from './buy-tip.service.ts';
import { Created } from './mall-route-shapes.ts';

/** /mall/v1/buyTip: the platform's buy tips (shown at checkout). */
export function registerBuyTipRoutes(root: FastifyInstance, tips: BuyTipService) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const manageTips = { perm: Perm.BUY_TIP_MANAGE };
  const t = ['购买须知'];
  app.get(
    '/mall/v1/buyTip/getAllBuyTip',
    { schema: { tags: t, summary: '全部购买须知', querystring: NoQuery, response: { 200: envelope(z.array(BuyTipVO)) } }, config: { access: manageTips } },
    async () => ok(await tips.all(false)),
  );
  app.get(
    '/mall/v1/buyTip/getBuyTipById/:id',
    { schema: { tags: t, summary: '购买须知详情', params: IdParams, response: { 200: envelope(BuyTipVO) } }, config: { access: manageTips } },
    async (req) => ok(await tips.byId(req.params.id)),
  );
  app.post(
    '/mall/v1/buyTip/addBuyTip',
    {
      schema: { tags: t, summary: '新增购买须知', body: BuyTipBody, response: { 200: Created } },
      config: { access: { perm: Perm.BUY_TIP_MANAGE, flag: 'add' } },
    },
    async (req) => ok(await tips.add(who(req), req.body), '已保存'),
  );
  app.put(
    '/mall/v1/buyTip/updateBuyTip',
    {
      schema: { tags: t, summary: '修改购买须知', body: BuyTipUpdateBody, response: { 200: Ok } },
      config: { access: { perm: Perm.BUY_TIP_MANAGE, flag: 'modify' } },
    },
    async (req) => {
      const { id, ...rest } = req.body;
      await tips.update(who(req), id, rest);
      return ok(null, '已保存');
    },
  );
  app.delete(
    '/mall/v1/buyTip/deleteBuyTip/:id',
    {
      schema: { tags: t, summary: '删除购买须知', params: IdParams, response: { 200: Ok } },
      config: { access: { perm: Perm.BUY_TIP_MANAGE, flag: 'delete' } },
    },
    async (req) => {
      await tips.remove(who(req), req.params.id);
      return ok(null, '已删除');
    },
  );
}
