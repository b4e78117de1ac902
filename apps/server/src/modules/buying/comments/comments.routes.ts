import {
  CommentBody,
  CommentHideBody,
  CommentIdBody,
  CommentPage,
  CommentQuery,
  CommentReplyBody,
  ItemReviewQuery,
  ItemReviews,
  OrderCommentState,
} from '@kc/contracts/buying/comments';
import { envelope, IdParams, NoQuery, Ok } from '@kc/contracts/platform/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Perm } from '../../../platform/auth/access.ts';
import { who } from '../../../platform/auth/who.ts';
import { ok } from '../../../platform/http/reply.ts';
import type { CommentsService } from './comments.service.ts';

/** /mall/v1/comment (the buyer; admin/… the platform's moderation; item/{id} the item page) and /supplier/v1/comment (replies). */
export function registerCommentRoutes(root: FastifyInstance, svc: CommentsService) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const buyer = { perm: Perm.COMMENT, accountTypes: [1] };
  const admin = { perm: Perm.COMMENT_MODERATE, accountTypes: [0] };
  const supplier = { perm: Perm.SUPPLIER_COMMENT, accountTypes: [2] };
  const tags = ['评价'];

  app.post(
    '/mall/v1/comment/add',
    {
      schema: {
        tags,
        summary: '评价一个已验收的订单行（质量、货期、服务 1–5 分；每行一次）',
        body: CommentBody,
        response: { 200: envelope(z.object({ id: z.number().int() })) },
      },
      config: { access: buyer },
    },
    async (req) => ok(await svc.add(who(req), req.body), '评价已提交'),
  );
  app.get(
    '/mall/v1/comment/order/:id',
    {
      schema: {
        tags,
        summary: '本人订单各行的评价情况（订单详情的“评价”按钮）',
        params: IdParams,
        querystring: NoQuery,
        response: { 200: envelope(OrderCommentState) },
      },
      config: { access: buyer },
    },
    async (req) => ok(await svc.ofOrder(req.caller!, req.params.id)),
  );
  app.get(
    '/mall/v1/comment/item/:id',
    {
      schema: {
        tags,
        summary: '商品详情的评价：平均分与分页的评价（不含已隐藏的，采购人姓名打码）',
        params: IdParams,
        querystring: ItemReviewQuery,
        response: { 200: envelope(ItemReviews) },
      },
      config: { access: 'login' },
    },
    async (req) => ok(await svc.forItem(req.params.id, req.query.current, req.query.size)),
  );
  for (const [path, access, scope] of [
    ['/mall/v1/comment/page', buyer, '本人（课题组长：本组；研究所：本所）'],
    ['/mall/v1/comment/admin/page', admin, '平台：全部，含已隐藏'],
    ['/supplier/v1/comment/page', supplier, '供应商：本公司商品的'],
  ] as const) {
    app.get(
      path,
      { schema: { tags, summary: `评价列表（${scope}）`, querystring: CommentQuery, response: { 200: envelope(CommentPage) } }, config: { access } },
      async (req) => ok(await svc.page(req.caller!, req.query)),
    );
  }
  app.post(
    '/supplier/v1/comment/reply',
    { schema: { tags, summary: '供应商回复评价（可修改）', body: CommentReplyBody, response: { 200: Ok } }, config: { access: supplier } },
    async (req) => ok(await svc.reply(who(req), req.body.id, req.body.content).then(() => null), '回复已保存'),
  );
  app.post(
    '/mall/v1/comment/admin/hide',
    { schema: { tags, summary: '隐藏评价（须填原因，商品页不再显示）', body: CommentHideBody, response: { 200: Ok } }, config: { access: admin } },
    async (req) => ok(await svc.moderate(who(req), req.body.id, true, req.body.reason).then(() => null), '评价已隐藏'),
  );
  app.post(
    '/mall/v1/comment/admin/show',
    { schema: { tags, summary: '恢复显示评价', body: CommentIdBody, response: { 200: Ok } }, config: { access: admin } },
    async (req) => ok(await svc.moderate(who(req), req.body.id, false, null).then(() => null), '评价已恢复显示'),
  );
}
