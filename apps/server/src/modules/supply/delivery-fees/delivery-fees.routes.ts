import { envelope, IdBody, NoQuery, Ok } from '@kc/contracts/platform/common';
import { DeliveryFeeRuleBody, DeliveryFeeRuleVO } from '@kc/contracts/supply/delivery-fees';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Perm } from '../../../platform/auth/access.ts';
import { who } from '../../../platform/auth/who.ts';
import { ok } from '../../../platform/http/reply.ts';
import type { DeliveryFeesService } from './delivery-fees.service.ts';

/** /supplier/v1/deliveryFee: the supplier's 运费设置 (its own rows only). */
export function registerDeliveryFeeRoutes(root: FastifyInstance, svc: DeliveryFeesService) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['供应商运费'];
  const access = { perm: Perm.SUPPLIER_DELIVERY_FEE, accountTypes: [2] };

  app.get(
    '/supplier/v1/deliveryFee/list',
    {
      schema: { tags, summary: '运费设置（按省、市；默认一行适用其他地区）', querystring: NoQuery, response: { 200: envelope(z.array(DeliveryFeeRuleVO)) } },
      config: { access },
    },
    async (req) => ok(await svc.list(req.caller!)),
  );
  app.post(
    '/supplier/v1/deliveryFee/save',
    {
      schema: {
        tags,
        summary: '新增或修改一行运费（金额单位：分；每个地区一行）',
        body: DeliveryFeeRuleBody,
        response: { 200: envelope(z.object({ id: z.number().int() })) },
      },
      config: { access },
    },
    async (req) => ok(await svc.save(who(req), req.body), '已保存'),
  );
  app.post(
    '/supplier/v1/deliveryFee/delete',
    { schema: { tags, summary: '删除一行运费', body: IdBody, response: { 200: Ok } }, config: { access } },
    async (req) => {
      await svc.remove(who(req), req.body.id);
      return ok(null, '已删除');
    },
  );
}
