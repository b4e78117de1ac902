import { FavoriteAddBody, FavoriteItemIdsBody, FavoritePageQuery, FavoriteStatusQuery, FavoriteStatusVO, FavoriteVO } from '@kc/contracts/buying/mall';
import { envelope, pageOf } from '@kc/contracts/platform/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Perm } from '../../../platform/auth/access.ts';
import { who } from '../../../platform/auth/who.ts';
import { ok } from '../../../platform/http/reply.ts';
import type { FavoriteService } from './favorite.service.ts';
import { Count } from './mall-route-shapes.ts';

/** /mall/v1/favorite: the buyer's favourites. */
export function registerFavoriteRoutes(root: FastifyInstance, favorites: FavoriteService) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const fav = { perm: Perm.FAVORITE };
  const f = ['收藏夹'];
  app.get(
    '/mall/v1/favorite/page',
    {
      schema: {
        tags: f,
        summary: '我的收藏（最新在前；按名称或 CAS 号搜索；已下架、已删除的商品标出而不隐藏）',
        querystring: FavoritePageQuery,
        response: { 200: envelope(pageOf(FavoriteVO)) },
      },
      config: { access: fav },
    },
    async (req) => ok(await favorites.page(req.caller!, req.query)),
  );
  app.get(
    '/mall/v1/favorite/status',
    {
      schema: { tags: f, summary: '商品是否已收藏', querystring: FavoriteStatusQuery, response: { 200: envelope(FavoriteStatusVO) } },
      config: { access: fav },
    },
    async (req) => ok(await favorites.status(req.caller!, req.query.itemId)),
  );
  app.post(
    '/mall/v1/favorite/add',
    {
      schema: { tags: f, summary: '收藏商品（重复收藏不报错）', body: FavoriteAddBody, response: { 200: envelope(FavoriteStatusVO) } },
      config: { access: fav },
    },
    async (req) => ok(await favorites.add(who(req), req.body.itemId), '已收藏'),
  );
  app.post(
    '/mall/v1/favorite/delByItemIds',
    { schema: { tags: f, summary: '取消收藏（按商品 id，可批量）', body: FavoriteItemIdsBody, response: { 200: Count } }, config: { access: fav } },
    async (req) => ok(await favorites.remove(who(req), req.body.itemIds), '已取消收藏'),
  );
}
