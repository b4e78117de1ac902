import { envelope, IdParams, Ok, pageOf } from '@kc/contracts/platform/common';
import { DeptDiscountBody, DeptDiscountQuery, DeptDiscountUpdateBody, DeptDiscountVO } from '@kc/contracts/supply/discounts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Perm } from '../../../platform/auth/access.ts';
import { who } from '../../../platform/auth/who.ts';
import { ok } from '../../../platform/http/reply.ts';
import type { DiscountsService } from './discounts.service.ts';

/** /supplier/v1/deptDiscount: 协议价 — the supplier's discounts and negotiated prices per institute and department. */
export function registerDiscountRoutes(root: FastifyInstance, svc: DiscountsService) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['供应商协议价'];
  const access = { perm: Perm.SUPPLIER_DISCOUNT, accountTypes: [2] };

  app.get(
    '/supplier/v1/deptDiscount/plist',
    {
      schema: {
        tags,
        summary: '本供应商的协议价（按研究所、状态、商品查询）',
        querystring: DeptDiscountQuery,
        response: { 200: envelope(pageOf(DeptDiscountVO)) },
      },
      config: { access },
    },
    async (req) => ok(await svc.page(req.caller!, req.query)),
  );
  app.get(
    '/supplier/v1/deptDiscount/depts',
    {
      schema: {
        tags,
        summary: '研究所的部门（选择协议价适用的部门）',
        querystring: z.object({ instituteId: z.coerce.number({ error: '请选择研究所' }).int().positive('请选择研究所'), t: z.string().optional() }).strict(),
        response: { 200: envelope(z.array(z.object({ id: z.number().int(), parentId: z.number().int().nullable(), name: z.string() }))) },
      },
      config: { access },
    },
    async (req) => ok(await svc.depts(req.caller!, req.query.instituteId)),
  );
  app.post(
    '/supplier/v1/deptDiscount/add',
    { schema: { tags, summary: '新增协议价', body: DeptDiscountBody, response: { 200: envelope(z.object({ id: z.number().int() })) } }, config: { access } },
    async (req) => ok(await svc.add(who(req), req.body), '已保存'),
  );
  app.post(
    '/supplier/v1/deptDiscount/update',
    { schema: { tags, summary: '修改协议价', body: DeptDiscountUpdateBody, response: { 200: Ok } }, config: { access } },
    async (req) => {
      await svc.update(who(req), req.body.id, req.body.rule);
      return ok(null, '已保存');
    },
  );
  for (const [action, enabled, text] of [
    ['enable', true, '已启用'],
    ['disable', false, '已停用'],
  ] as const) {
    app.post(
      `/supplier/v1/deptDiscount/${action}/:id`,
      { schema: { tags, summary: enabled ? '启用协议价' : '停用协议价', params: IdParams, response: { 200: Ok } }, config: { access } },
      async (req) => {
        await svc.setStatus(who(req), req.params.id, enabled);
        return ok(null, text);
      },
    );
  }
  app.post(
    '/supplier/v1/deptDiscount/delete/:id',
    { schema: { tags, summary: '删除协议价', params: IdParams, response: { 200: Ok } }, config: { access } },
    async (req) => {
      await svc.remove(who(req), req.params.id);
      return ok(null, '已删除');
    },
  );
}
