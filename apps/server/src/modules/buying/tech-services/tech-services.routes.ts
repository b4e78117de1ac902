import {
  BuyerTechRequestQuery,
  PublicTechItemQuery,
  SellerStatusQuery,
  SellerStatusVO,
  TechDeliverBody,
  TechIdBody,
  TechItemBody,
  TechItemPage,
  TechItemQuery,
  TechItemStatusBody,
  TechItemUpdateBody,
  TechItemVO,
  TechQuoteBody,
  TechReasonBody,
  TechRequestBody,
  TechRequestDetail,
  TechRequestPage,
  TechRequestQuery,
  TechSendBody,
  TechSummaryQuery,
  TechSummaryVO,
} from '@kc/contracts/buying/tech-services';
import { envelope, IdParams, Ok } from '@kc/contracts/platform/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Caller, Perm } from '../../../platform/auth/access.ts';
import { ok } from '../../../platform/http/reply.ts';
import type { TechServicesService } from './tech-services.service.ts';

/**
 * /mall/v1/techService: the public list and detail (no login), the buyer's browsing, the seller
 * check, requests and their buyer-side moves; /supplier/v1/ts: the supplier's service items and
 * the requests it quotes, starts and delivers.
 */
export function registerTechServiceRoutes(root: FastifyInstance, svc: TechServicesService) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const who = (req: { caller: Caller | null; ip: string }) => ({ caller: req.caller!, ip: req.ip });
  const tags = ['技术服务'];
  const stags = ['供应商技术服务'];
  const request = { perm: Perm.TECH_REQUEST };
  const view = { perm: Perm.TECH_VIEW };
  const items = { perm: Perm.SUPPLIER_TS_ITEM };
  const handle = { perm: Perm.SUPPLIER_TS_REQUEST };

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

  // ── supplier: items ──────────────────────────────────────────────────────
  app.get(
    '/supplier/v1/ts/item/page',
    { schema: { tags: stags, summary: '本公司的服务项目', querystring: TechItemQuery, response: { 200: envelope(TechItemPage) } }, config: { access: items } },
    async (req) => ok(await svc.supplierItems(req.caller!, req.query)),
  );
  app.get(
    '/supplier/v1/ts/item/detail/:id',
    { schema: { tags: stags, summary: '服务项目详情', params: IdParams, response: { 200: envelope(TechItemVO) } }, config: { access: items } },
    async (req) => ok(await svc.supplierItem(req.caller!, req.params.id)),
  );
  app.post(
    '/supplier/v1/ts/item/add',
    {
      schema: { tags: stags, summary: '新增服务项目', body: TechItemBody, response: { 200: envelope(z.object({ id: z.number().int() })) } },
      config: { access: items },
    },
    async (req) => ok(await svc.createItem(who(req), req.body), '服务项目已新增'),
  );
  app.post(
    '/supplier/v1/ts/item/update',
    {
      schema: { tags: stags, summary: '修改服务项目（已提交的委托保留原名称与样品信息表）', body: TechItemUpdateBody, response: { 200: Ok } },
      config: { access: items },
    },
    async (req) => ok(await svc.updateItem(who(req), req.body.id, req.body.item).then(() => null), '服务项目已保存'),
  );
  app.post(
    '/supplier/v1/ts/item/updateStatus',
    { schema: { tags: stags, summary: '上架或下架服务项目', body: TechItemStatusBody, response: { 200: Ok } }, config: { access: items } },
    async (req) => ok(await svc.setItemActive(who(req), req.body.id, req.body.active).then(() => null), req.body.active ? '已上架' : '已下架'),
  );
  app.post(
    '/supplier/v1/ts/item/delete/:id',
    { schema: { tags: stags, summary: '删除服务项目', params: IdParams, response: { 200: Ok } }, config: { access: items } },
    async (req) => ok(await svc.deleteItem(who(req), req.params.id).then(() => null), '服务项目已删除'),
  );

  // ── supplier: requests ───────────────────────────────────────────────────
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
