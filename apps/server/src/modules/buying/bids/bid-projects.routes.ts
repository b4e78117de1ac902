import {
  BidAwardBody,
  BidAwardVO,
  BidCloseBody,
  BidProjectBody,
  BidProjectDetail,
  BidProjectPage,
  BidProjectQuery,
  BidProjectUpdateBody,
  BidRebidBody,
  BidSupplierOption,
  PublicBidPage,
  PublicBidQuery,
} from '@kc/contracts/buying/bids';
import { envelope, IdParams, NoQuery, Ok } from '@kc/contracts/platform/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Perm } from '../../../platform/auth/access.ts';
import { who } from '../../../platform/auth/who.ts';
import { ok } from '../../../platform/http/reply.ts';
import { BID_TAGS as tags } from './bid-route-tags.ts';
import type { BidsService } from './bids.service.ts';

/**
 * /mall/v1/bid: the buyer's 招标采购 projects (publish, edit, result, award, re-bid, close) and the
 * public list of the /bid page.
 */
export function registerBidProjectRoutes(root: FastifyInstance, bids: BidsService) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const buyer = { perm: Perm.BID_MANAGE };

  app.get(
    '/mall/v1/bid/page',
    {
      schema: { tags, summary: '招标项目列表（按数据范围；不含任何投标信息）', querystring: BidProjectQuery, response: { 200: envelope(BidProjectPage) } },
      config: { access: buyer },
    },
    async (req) => ok(await bids.page(req.caller!, req.query)),
  );
  app.get(
    '/mall/v1/bid/detail/:id',
    {
      schema: { tags, summary: '招标项目详情（开标后含全部投标与排名）', params: IdParams, response: { 200: envelope(BidProjectDetail) } },
      config: { access: buyer },
    },
    async (req) => ok(await bids.detail(req.caller!, req.params.id)),
  );
  app.get(
    '/mall/v1/bid/suppliers',
    {
      schema: { tags, summary: '可邀请的供应商（与本所有生效供货合同）', querystring: NoQuery, response: { 200: envelope(z.array(BidSupplierOption)) } },
      config: { access: buyer },
    },
    async (req) => ok(await bids.suppliers(req.caller!)),
  );
  app.post(
    '/mall/v1/bid/add',
    {
      schema: { tags, summary: '发布招标项目', body: BidProjectBody, response: { 200: envelope(z.object({ id: z.number().int(), projectNo: z.string() })) } },
      config: { access: buyer },
    },
    async (req) => ok(await bids.create(who(req), req.body), '招标项目已发布'),
  );
  app.post(
    '/mall/v1/bid/update',
    {
      schema: { tags, summary: '修改招标项目（截止前；本轮已提交的投标作废并通知供应商）', body: BidProjectUpdateBody, response: { 200: Ok } },
      config: { access: buyer },
    },
    async (req) => ok(await bids.update(who(req), req.body.id, req.body.project).then(() => null), '招标项目已修改'),
  );
  app.post(
    '/mall/v1/bid/award',
    {
      schema: { tags, summary: '定标：最低有效报价（同价取最早）生成订单，进入审批', body: BidAwardBody, response: { 200: envelope(BidAwardVO) } },
      config: { access: buyer },
    },
    async (req) => ok(await bids.award(who(req), req.body.id, req.body.grantCardId, req.body.budgetLineId), '已定标，订单已生成'),
  );
  app.post(
    '/mall/v1/bid/rebid',
    {
      schema: { tags, summary: '重新招标（流标或无法定标后开始新一轮）', body: BidRebidBody, response: { 200: Ok } },
      config: { access: buyer },
    },
    async (req) => ok(await bids.rebid(who(req), req.body.id, req.body.deadline).then(() => null), '已重新招标'),
  );
  app.post(
    '/mall/v1/bid/close',
    { schema: { tags, summary: '关闭招标项目', body: BidCloseBody, response: { 200: Ok } }, config: { access: buyer } },
    async (req) => ok(await bids.close(who(req), req.body.id, req.body.reason).then(() => null), '招标项目已关闭'),
  );
  app.get(
    '/mall/v1/bid/public/list',
    {
      schema: { tags, summary: '公开的招标项目（招标公告页；无金额、无投标数）', querystring: PublicBidQuery, response: { 200: envelope(PublicBidPage) } },
      config: { access: 'public' },
    },
    async (req) => ok(await bids.publicPage(req.query)),
  );
}
