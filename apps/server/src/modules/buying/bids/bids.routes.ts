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
  BidSubmitBody,
  BidSupplierOption,
  MyBidVO,
  PrintControlVO,
  PublicBidPage,
  PublicBidQuery,
  SupplierBidDetail,
  SupplierBidPage,
  SupplierBidQuery,
} from '@kc/contracts/buying/bids';
import { envelope, IdParams, NoQuery, Ok } from '@kc/contracts/platform/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Caller, Perm } from '../../../platform/auth/access.ts';
import { ok } from '../../../platform/http/reply.ts';
import { sendFile } from '../../../platform/http/send-file.ts';
import type { BidPrintService } from './bid-print.service.ts';
import type { BidsService } from './bids.service.ts';
import type { SupplierBidsService } from './supplier-bids.service.ts';

/**
 * /mall/v1/bid: the buyer's 招标采购 (publish, edit, result, award, re-bid, close), the public list
 * of the /bid page and the printed record; /supplier/v1/bid: the supplier's 投标.
 */
export function registerBidRoutes(root: FastifyInstance, s: { bids: BidsService; suppliers: SupplierBidsService; print: BidPrintService }) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const who = (req: { caller: Caller | null; ip: string }) => ({ caller: req.caller!, ip: req.ip });
  const tags = ['招标采购'];
  const buyer = { perm: Perm.BID_MANAGE };
  const supplier = { perm: Perm.SUPPLIER_BID };
  const IdOnly = z.object({ id: IdParams.shape.id }).strict();

  app.get(
    '/mall/v1/bid/page',
    {
      schema: { tags, summary: '招标项目列表（按数据范围；不含任何投标信息）', querystring: BidProjectQuery, response: { 200: envelope(BidProjectPage) } },
      config: { access: buyer },
    },
    async (req) => ok(await s.bids.page(req.caller!, req.query)),
  );
  app.get(
    '/mall/v1/bid/detail/:id',
    {
      schema: { tags, summary: '招标项目详情（开标后含全部投标与排名）', params: IdParams, response: { 200: envelope(BidProjectDetail) } },
      config: { access: buyer },
    },
    async (req) => ok(await s.bids.detail(req.caller!, req.params.id)),
  );
  app.get(
    '/mall/v1/bid/suppliers',
    {
      schema: { tags, summary: '可邀请的供应商（与本所有生效供货合同）', querystring: NoQuery, response: { 200: envelope(z.array(BidSupplierOption)) } },
      config: { access: buyer },
    },
    async (req) => ok(await s.bids.suppliers(req.caller!)),
  );
  app.post(
    '/mall/v1/bid/add',
    {
      schema: { tags, summary: '发布招标项目', body: BidProjectBody, response: { 200: envelope(z.object({ id: z.number().int(), projectNo: z.string() })) } },
      config: { access: buyer },
    },
    async (req) => ok(await s.bids.create(who(req), req.body), '招标项目已发布'),
  );
  app.post(
    '/mall/v1/bid/update',
    {
      schema: { tags, summary: '修改招标项目（截止前；本轮已提交的投标作废并通知供应商）', body: BidProjectUpdateBody, response: { 200: Ok } },
      config: { access: buyer },
    },
    async (req) => ok(await s.bids.update(who(req), req.body.id, req.body.project).then(() => null), '招标项目已修改'),
  );
  app.post(
    '/mall/v1/bid/award',
    {
      schema: { tags, summary: '定标：最低有效报价（同价取最早）生成订单，进入审批', body: BidAwardBody, response: { 200: envelope(BidAwardVO) } },
      config: { access: buyer },
    },
    async (req) => ok(await s.bids.award(who(req), req.body.id, req.body.grantCardId, req.body.budgetLineId), '已定标，订单已生成'),
  );
  app.post(
    '/mall/v1/bid/rebid',
    {
      schema: { tags, summary: '重新招标（流标或无法定标后开始新一轮）', body: BidRebidBody, response: { 200: Ok } },
      config: { access: buyer },
    },
    async (req) => ok(await s.bids.rebid(who(req), req.body.id, req.body.deadline).then(() => null), '已重新招标'),
  );
  app.post(
    '/mall/v1/bid/close',
    { schema: { tags, summary: '关闭招标项目', body: BidCloseBody, response: { 200: Ok } }, config: { access: buyer } },
    async (req) => ok(await s.bids.close(who(req), req.body.id, req.body.reason).then(() => null), '招标项目已关闭'),
  );
  app.get(
    '/mall/v1/bid/public/list',
    {
      schema: { tags, summary: '公开的招标项目（招标公告页；无金额、无投标数）', querystring: PublicBidQuery, response: { 200: envelope(PublicBidPage) } },
      config: { access: 'public' },
    },
    async (req) => ok(await s.bids.publicPage(req.query)),
  );
  app.get(
    '/mall/v1/bid/printPDF/checkControl/:id',
    {
      schema: { tags, summary: '能否打印招标记录（开标后，仅招标方与本轮投标人）', params: IdOnly, response: { 200: envelope(PrintControlVO) } },
      config: { access: 'login' },
    },
    async (req) => ok(await s.print.control(req.caller!, req.params.id)),
  );
  app.get(
    '/mall/v1/bid/printPDF/:id',
    { schema: { tags, summary: '打印招标记录（PDF）', params: IdOnly }, config: { access: 'login' } },
    async (req, reply) => {
      const f = await s.print.pdf(req.caller!, req.params.id);
      return sendFile(reply, 'application/pdf', 'inline', f.filename, f.body);
    },
  );

  const stags = ['供应商投标'];
  app.get(
    '/supplier/v1/bid/all/list',
    {
      schema: {
        tags: stags,
        summary: '招标项目（open：可投标的；mine：已投标的），含本公司的投标',
        querystring: SupplierBidQuery,
        response: { 200: envelope(SupplierBidPage) },
      },
      config: { access: supplier },
    },
    async (req) => ok(await s.suppliers.page(req.caller!, req.query)),
  );
  app.get(
    '/supplier/v1/bid/detail/:id',
    {
      schema: { tags: stags, summary: '招标项目详情与本公司的投标（开标后含结果）', params: IdParams, response: { 200: envelope(SupplierBidDetail) } },
      config: { access: supplier },
    },
    async (req) => ok(await s.suppliers.detail(req.caller!, req.params.id)),
  );
  app.post(
    '/supplier/v1/bid/submit',
    {
      schema: { tags: stags, summary: '提交或修改投标（密封；截止前可修改）', body: BidSubmitBody, response: { 200: envelope(MyBidVO.nullable()) } },
      config: { access: supplier },
    },
    async (req) => ok(await s.suppliers.submit(req.caller!, req.body), '投标已提交'),
  );
}
