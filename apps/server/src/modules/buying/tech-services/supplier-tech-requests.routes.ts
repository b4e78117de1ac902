import {
  TechDeliverBody,
  TechIdBody,
  TechQuoteBody,
  TechReasonBody,
  TechRequestDetail,
  TechRequestPage,
  TechRequestQuery,
} from '@kc/contracts/buying/tech-services';
import { envelope, IdParams, Ok } from '@kc/contracts/platform/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Perm } from '../../../platform/auth/access.ts';
import { who } from '../../../platform/auth/who.ts';
import { ok } from '../../../platform/http/reply.ts';
import { SUPPLIER_TECH_TAGS as stags } from './tech-service-route-groups.ts';
import type { TechServicesService } from './tech-services.service.ts';

/** /supplier/v1/ts/request: the requests a supplier receives, quotes, starts and delivers. */
export function registerSupplierTechRequestRoutes(root: FastifyInstance, svc: TechServicesService) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const handle = { perm: Perm.SUPPLIER_TS_REQUEST };

  app.get(
    '/supplier/v1/ts/request/page',
    {
      schema: { tags: stags, summary: '本公司收到的委托', querystring: TechRequestQuery, response: { 200: envelope(TechRequestPage) } },
      config: { access: handle },
    },
    async (req) => ok(await svc.supplierRequests(req.caller!, req.query)),
  );
  app.get(
    '/supplier/v1/ts/request/detail/:id',
    { schema: { tags: stags, summary: '委托详情', params: IdParams, response: { 200: envelope(TechRequestDetail) } }, config: { access: handle } },
    async (req) => ok(await svc.detail(req.caller!, req.params.id)),
  );
  app.post(
    '/supplier/v1/ts/request/quote',
    { schema: { tags: stags, summary: '报价（含税单价 × 数量，服务端计算税额）', body: TechQuoteBody, response: { 200: Ok } }, config: { access: handle } },
    async (req) => ok(await svc.quote(who(req), req.body).then(() => null), '已报价'),
  );
  app.post(
    '/supplier/v1/ts/request/refuse',
    { schema: { tags: stags, summary: '拒绝委托（采购人确认报价前）', body: TechReasonBody, response: { 200: Ok } }, config: { access: handle } },
    async (req) => ok(await svc.refuse(who(req), req.body.id, req.body.reason).then(() => null), '已拒绝委托'),
  );
  app.post(
    '/supplier/v1/ts/request/start',
    { schema: { tags: stags, summary: '收到样品，开始检测', body: TechIdBody, response: { 200: Ok } }, config: { access: handle } },
    async (req) => ok(await svc.start(who(req), req.body.id).then(() => null), '已开始检测'),
  );
  app.post(
    '/supplier/v1/ts/request/deliver',
    {
      schema: { tags: stags, summary: '交付报告（上传用途 techReport 的文件；再次交付替换之前的报告）', body: TechDeliverBody, response: { 200: Ok } },
      config: { access: handle },
    },
    async (req) => ok(await svc.deliver(who(req), req.body).then(() => null), '报告已交付'),
  );
}
