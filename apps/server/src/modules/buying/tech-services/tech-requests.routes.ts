import {
  BuyerTechRequestQuery,
  TechIdBody,
  TechReasonBody,
  TechRequestBody,
  TechRequestDetail,
  TechRequestPage,
  TechSendBody,
  TechSummaryQuery,
  TechSummaryVO,
} from '@kc/contracts/buying/tech-services';
import { envelope, IdParams, Ok } from '@kc/contracts/platform/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Perm } from '../../../platform/auth/access.ts';
import { who } from '../../../platform/auth/who.ts';
import { ok } from '../../../platform/http/reply.ts';
import { REQUEST_ACCESS as request, TECH_TAGS as tags } from './tech-service-route-groups.ts';
import type { TechServicesService } from './tech-services.service.ts';

/** /mall/v1/techService/request: the buyer's requests, from commissioning to completion, and their lists by scope. */
export function registerTechRequestRoutes(root: FastifyInstance, svc: TechServicesService) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const view = { perm: Perm.TECH_VIEW };

  app.post(
    '/mall/v1/techService/request/add',
    {
      schema: {
        tags,
        summary: '委托技术服务（按服务项目的样品信息表填写样品）',
        body: TechRequestBody,
        response: { 200: envelope(z.object({ id: z.number().int(), requestNo: z.string() })) },
      },
      config: { access: request },
    },
    async (req) => ok(await svc.createRequest(who(req), req.body), '委托已提交，等待服务商报价'),
  );
  app.get(
    '/mall/v1/techService/request/page',
    {
      schema: {
        tags,
        summary: '技术服务委托：scope=mine 我的、team 所领课题组的、institute 本所的（研究所负责人、财务）',
        querystring: BuyerTechRequestQuery,
        response: { 200: envelope(TechRequestPage) },
      },
      config: { access: view },
    },
    async (req) => ok(await svc.buyerRequests(req.caller!, req.query)),
  );
  app.get(
    '/mall/v1/techService/request/summary',
    {
      schema: { tags, summary: '已确认的技术服务支出与待处理数（按范围）', querystring: TechSummaryQuery, response: { 200: envelope(TechSummaryVO) } },
      config: { access: view },
    },
    async (req) => ok(await svc.summary(req.caller!, req.query.scope)),
  );
  app.get(
    '/mall/v1/techService/request/detail/:id',
    {
      schema: { tags, summary: '委托详情（样品、报价、物流、报告、记录）', params: IdParams, response: { 200: envelope(TechRequestDetail) } },
      config: { access: view },
    },
    async (req) => ok(await svc.detail(req.caller!, req.params.id)),
  );
  app.post(
    '/mall/v1/techService/request/accept',
    { schema: { tags, summary: '确认报价', body: TechIdBody, response: { 200: Ok } }, config: { access: request } },
    async (req) => ok(await svc.accept(who(req), req.body.id).then(() => null), '已确认报价，请寄送样品'),
  );
  app.post(
    '/mall/v1/techService/request/sendSamples',
    { schema: { tags, summary: '寄出样品（快递公司与单号）', body: TechSendBody, response: { 200: Ok } }, config: { access: request } },
    async (req) => ok(await svc.sendSamples(who(req), req.body).then(() => null), '已登记寄出样品'),
  );
  app.post(
    '/mall/v1/techService/request/complete',
    { schema: { tags, summary: '确认完成（收到报告后）', body: TechIdBody, response: { 200: Ok } }, config: { access: request } },
    async (req) => ok(await svc.complete(who(req), req.body.id).then(() => null), '委托已完成'),
  );
  app.post(
    '/mall/v1/techService/request/cancel',
    { schema: { tags, summary: '取消委托（寄出样品前）', body: TechReasonBody, response: { 200: Ok } }, config: { access: request } },
    async (req) => ok(await svc.cancel(who(req), req.body.id, req.body.reason).then(() => null), '委托已取消'),
  );
}
