import { envelope, Ok, pageOf } from '@kc/contracts/platform/common';
import {
  ShopBannerBody,
  ShopBannerVO,
  ShopContentIdsBody,
  ShopContentKindParams,
  ShopContentQuery,
  ShopContentRef,
  ShopNoticeBody,
  ShopNoticeVO,
  ShopProfileBody,
  ShopProfileVO,
  ShopReviewBatchBody,
  ShopReviewQuery,
  ShopReviewVO,
  ShopSectionBody,
  ShopSectionItemsBody,
  ShopSectionVO,
} from '@kc/contracts/supply/shop';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Perm } from '../../../platform/auth/access.ts';
import { who } from '../../../platform/auth/who.ts';
import { ok } from '../../../platform/http/reply.ts';
import type { ShopContentService } from './shop-content.service.ts';
import type { ShopReviewService } from './shop-review.service.ts';

const Saved = envelope(z.object({ id: z.number().int() }));
const SUBMITTED = '已提交，平台审核通过后买家可见';

/** /supplier/v1/shop: 店铺管理 of the supplier portal (the caller's own shop only); /mall/v1/shopReview: the platform's queue. */
export function registerShopContentRoutes(root: FastifyInstance, svc: ShopContentService, review: ShopReviewService) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['店铺管理'];
  const manage = { perm: Perm.SUPPLIER_SHOP_MANAGE, accountTypes: [2] };

  app.get(
    '/supplier/v1/shop/profile',
    { schema: { tags, summary: '本店铺信息：展示中的版本与待审核的版本', response: { 200: envelope(ShopProfileVO.nullable()) } }, config: { access: manage } },
    async (req) => ok(await svc.profile(req.caller!)),
  );
  app.post(
    '/supplier/v1/shop/profile',
    { schema: { tags, summary: '提交店铺名称、简介、Logo（平台审核后生效）', body: ShopProfileBody, response: { 200: Saved } }, config: { access: manage } },
    async (req) => ok(await svc.submitProfile(who(req), req.body), SUBMITTED),
  );
  app.get(
    '/supplier/v1/shop/section/plist',
    { schema: { tags, summary: '本店铺栏目', querystring: ShopContentQuery, response: { 200: envelope(pageOf(ShopSectionVO)) } }, config: { access: manage } },
    async (req) => ok(await svc.sections(req.caller!, req.query)),
  );
  app.get(
    '/supplier/v1/shop/banner/plist',
    { schema: { tags, summary: '本店铺横幅', querystring: ShopContentQuery, response: { 200: envelope(pageOf(ShopBannerVO)) } }, config: { access: manage } },
    async (req) => ok(await svc.banners(req.caller!, req.query)),
  );
  app.get(
    '/supplier/v1/shop/notice/plist',
    { schema: { tags, summary: '本店铺公告', querystring: ShopContentQuery, response: { 200: envelope(pageOf(ShopNoticeVO)) } }, config: { access: manage } },
    async (req) => ok(await svc.notices(req.caller!, req.query)),
  );
  app.post(
    '/supplier/v1/shop/section/save',
    {
      schema: { tags, summary: '新增或修改栏目（名称、排序、展示时间；平台审核后生效）', body: ShopSectionBody, response: { 200: Saved } },
      config: { access: manage },
    },
    async (req) => ok(await svc.saveSection(who(req), req.body), SUBMITTED),
  );
  app.post(
    '/supplier/v1/shop/banner/save',
    {
      schema: { tags, summary: '新增或修改横幅（图片、站内或 https 链接、排序、展示时间；平台审核后生效）', body: ShopBannerBody, response: { 200: Saved } },
      config: { access: manage },
    },
    async (req) => ok(await svc.saveBanner(who(req), req.body), SUBMITTED),
  );
  app.post(
    '/supplier/v1/shop/notice/save',
    {
      schema: { tags, summary: '新增或修改店铺公告（富文本经过滤；平台审核后生效）', body: ShopNoticeBody, response: { 200: Saved } },
      config: { access: manage },
    },
    async (req) => ok(await svc.saveNotice(who(req), req.body), SUBMITTED),
  );
  app.post(
    '/supplier/v1/shop/:kind/delete',
    {
      schema: { tags, summary: '删除栏目、横幅或公告（批量；立即下线）', params: ShopContentKindParams, body: ShopContentIdsBody, response: { 200: Ok } },
      config: { access: manage },
    },
    async (req) => {
      await svc.remove(who(req), req.params.kind, req.body.ids);
      return ok(null, '已删除');
    },
  );
  app.post(
    '/supplier/v1/shop/withdraw',
    { schema: { tags, summary: '撤回待审核的提交（展示中的版本不变）', body: ShopContentRef, response: { 200: Ok } }, config: { access: manage } },
    async (req) => {
      await svc.withdraw(who(req), req.body.kind, req.body.id);
      return ok(null, '已撤回');
    },
  );
  app.post(
    '/supplier/v1/shop/section/items',
    {
      schema: { tags, summary: '把本店商品放入栏目（批量；sectionId 为 null 即移出栏目）', body: ShopSectionItemsBody, response: { 200: Ok } },
      config: { access: manage },
    },
    async (req) => {
      await svc.assignItems(who(req), req.body.sectionId, req.body.itemIds);
      return ok(null, '已保存');
    },
  );

  const reviewAccess = { perm: Perm.SHOP_REVIEW };
  app.get(
    '/mall/v1/shopReview/plist',
    {
      schema: {
        tags: ['店铺内容审核'],
        summary: '平台：各供应商待审核的店铺信息、栏目、横幅、公告',
        querystring: ShopReviewQuery,
        response: { 200: envelope(pageOf(ShopReviewVO)) },
      },
      config: { access: reviewAccess },
    },
    async (req) => ok(await review.queue(req.query)),
  );
  app.post(
    '/mall/v1/shopReview/review',
    {
      schema: {
        tags: ['店铺内容审核'],
        summary: '平台：通过或驳回（批量，全部成功或全部不变；驳回须写原因）',
        body: ShopReviewBatchBody,
        response: { 200: Ok },
      },
      config: { access: reviewAccess },
    },
    async (req) => {
      await review.decide(who(req), req.body.items, req.body.pass, req.body.reason);
      return ok(null, req.body.pass ? '已通过' : '已驳回');
    },
  );
}
