import { ComplaintBody, ComplaintDetail, ComplaintIdBody, ComplaintPage, ComplaintQuery, ComplaintReplyBody } from '@kc/contracts/buying/complaints';
import { envelope, IdParams, NoQuery, Ok } from '@kc/contracts/platform/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Perm } from '../../../platform/auth/access.ts';
import { who } from '../../../platform/auth/who.ts';
import { ok } from '../../../platform/http/reply.ts';
import type { ComplaintsService } from './complaints.service.ts';

const Moved = envelope(z.object({ id: z.number().int(), status: z.string(), statusText: z.string() }));

/** /mall/v1/complain (the buyer; admin/… the platform's handling) and /supplier/v1/complain (the supplier's answers). */
export function registerComplaintRoutes(root: FastifyInstance, svc: ComplaintsService) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const buyer = { perm: Perm.COMPLAINT, accountTypes: [1] };
  const admin = { perm: Perm.COMPLAINT_HANDLE, accountTypes: [0] };
  const supplier = { perm: Perm.SUPPLIER_COMPLAINT, accountTypes: [2] };
  const tags = ['投诉'];

  app.post(
    '/mall/v1/complain/add',
    {
      schema: {
        tags,
        summary: '提交投诉（针对本人的子订单或某个供应商）',
        body: ComplaintBody,
        response: { 200: envelope(z.object({ id: z.number().int(), complaintNo: z.string() })) },
      },
      config: { access: buyer },
    },
    async (req) => ok(await svc.create(who(req), req.body), '投诉已提交'),
  );
  for (const [prefix, access, scope] of [
    ['/mall/v1/complain', buyer, '本人（课题组长：本组；研究所：本所）'],
    ['/mall/v1/complain/admin', admin, '平台：全部'],
    ['/supplier/v1/complain', supplier, '供应商：针对本公司的'],
  ] as const) {
    app.get(
      `${prefix}/page`,
      { schema: { tags, summary: `投诉列表（${scope}）`, querystring: ComplaintQuery, response: { 200: envelope(ComplaintPage) } }, config: { access } },
      async (req) => ok(await svc.page(req.caller!, req.query)),
    );
    app.get(
      `${prefix}/detail/:id`,
      {
        schema: { tags, summary: `投诉详情与附件（${scope}）`, params: IdParams, querystring: NoQuery, response: { 200: envelope(ComplaintDetail) } },
        config: { access },
      },
      async (req) => ok(await svc.detail(req.caller!, req.params.id)),
    );
  }
  app.post(
    '/supplier/v1/complain/reply',
    { schema: { tags, summary: '供应商回复投诉（办结前）', body: ComplaintReplyBody, response: { 200: Ok } }, config: { access: supplier } },
    async (req) => ok(await svc.reply(who(req), req.body.id, req.body.content).then(() => null), '回复已提交'),
  );
  app.post(
    '/mall/v1/complain/admin/accept',
    { schema: { tags, summary: '受理投诉', body: ComplaintIdBody, response: { 200: Moved } }, config: { access: admin } },
    async (req) => ok(await svc.handle(who(req), req.body.id, 'accept'), '已受理'),
  );
  app.post(
    '/mall/v1/complain/admin/resolve',
    { schema: { tags, summary: '办结投诉（填写处理结果）', body: ComplaintReplyBody, response: { 200: Moved } }, config: { access: admin } },
    async (req) => ok(await svc.handle(who(req), req.body.id, 'resolve', req.body.content), '投诉已解决'),
  );
  app.post(
    '/mall/v1/complain/admin/reject',
    { schema: { tags, summary: '驳回投诉（填写理由）', body: ComplaintReplyBody, response: { 200: Moved } }, config: { access: admin } },
    async (req) => ok(await svc.handle(who(req), req.body.id, 'reject', req.body.content), '投诉已驳回'),
  );
}
