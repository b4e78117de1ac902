import { PublicTechItemQuery, SellerStatusQuery, SellerStatusVO, TechItemPage, TechItemVO } from '@kc/contracts/buying/tech-services';
import { envelope, IdParams } from '@kc/contracts/platform/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../../platform/http/reply.ts';
import { REQUEST_ACCESS as request, TECH_TAGS as tags } from './tech-service-route-groups.ts';
import type { TechServicesService } from './tech-services.service.ts';

/** /mall/v1/techService: the public list and detail (no login), the buyer's browsing and the seller check before commissioning. */
export function registerTechServiceCatalogRoutes(root: FastifyInstance, svc: TechServicesService) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  // ── public ───────────────────────────────────────────────────────────────
  app.get(
    '/mall/v1/techService/noauth/page',
    {
      schema: {
        tags,
        summary: '技术服务目录（公开页 /techService：按类别、关键词，分页）',
        querystring: PublicTechItemQuery,
        response: { 200: envelope(TechItemPage) },
      },
      config: { access: 'public' },
    },
    async (req) => ok(await svc.visibleItems(req.caller, req.query)),
  );
  app.get(
    '/mall/v1/techService/noauth/detail/:id',
    { schema: { tags, summary: '技术服务详情（含样品信息表）', params: IdParams, response: { 200: envelope(TechItemVO) } }, config: { access: 'public' } },
    async (req) => ok(await svc.visibleItem(req.caller, req.params.id)),
  );

  // ── buyer ────────────────────────────────────────────────────────────────
  app.get(
    '/mall/v1/techService/page',
    {
      schema: { tags, summary: '可委托的技术服务（与本单位合同生效的服务商）', querystring: PublicTechItemQuery, response: { 200: envelope(TechItemPage) } },
      config: { access: request },
    },
    async (req) => ok(await svc.visibleItems(req.caller, req.query)),
  );
  app.get(
    '/mall/v1/techService/checkSellerStatus',
    {
      schema: {
        tags,
        summary: '委托前检查服务商状态（已停用、未通过审核或与本单位无生效合同时拒绝并说明原因）',
        querystring: SellerStatusQuery,
        response: { 200: envelope(SellerStatusVO) },
      },
      config: { access: request },
    },
    async (req) => ok(await svc.sellerStatus(req.caller!, req.query)),
  );
}
