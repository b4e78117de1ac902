import {
  AddCartBody,
  AddressBody,
  AddressPageQuery,
  AddressUpdateBody,
  AddressVO,
  BuyTipBody,
  BuyTipUpdateBody,
  BuyTipVO,
  CartIdsBody,
  CartVO,
  FavoriteAddBody,
  FavoriteItemIdsBody,
  FavoritePageQuery,
  FavoriteStatusQuery,
  FavoriteStatusVO,
  FavoriteVO,
  ModifyCartNumBody,
  SumMoneyQuery,
} from '@kc/contracts/buying/mall';
import { envelope, IdParams, NoQuery, Ok, pageOf } from '@kc/contracts/platform/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Caller, Perm } from '../../../platform/auth/access.ts';
import { ok } from '../../../platform/http/reply.ts';
import type { AddressService } from './address.service.ts';
import type { BuyTipService } from './buy-tip.service.ts';
import type { CartService } from './cart.service.ts';
import type { FavoriteService } from './favorite.service.ts';

const Count = envelope(z.object({ count: z.number().int() }));
const Money = envelope(z.object({ amount: z.number().int(), count: z.number().int() }));
const Created = envelope(z.object({ id: z.number().int() }));

export interface MallServices {
  cart: CartService;
  address: AddressService;
  tips: BuyTipService;
  favorites: FavoriteService;
}

/** /mall/v1: cart, favourites, delivery addresses, buy tips. */
export function registerMallRoutes(root: FastifyInstance, { cart, address, tips, favorites }: MallServices) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const buy = { perm: Perm.ORDER_BUY };
  const addr = { perm: Perm.ADDRESS };
  const fav = { perm: Perm.FAVORITE };
  const manageTips = { perm: Perm.BUY_TIP_MANAGE };
  const who = (req: { caller: Caller | null; ip: string }) => ({ caller: req.caller!, ip: req.ip });

  // ── cart ──
  const c = ['购物车'];
  app.post(
    '/mall/v1/cart/add',
    { schema: { tags: c, summary: '加入购物车', body: AddCartBody, response: { 200: Count } }, config: { access: buy } },
    async (req) => ok(await cart.add(who(req), req.body.itemId, req.body.quantity), '已加入购物车'),
  );
  app.get(
    '/mall/v1/cart/items',
    { schema: { tags: c, summary: '购物车（按供应商分组）', querystring: NoQuery, response: { 200: envelope(CartVO) } }, config: { access: buy } },
    async (req) => ok(await cart.items(req.caller!)),
  );
  app.get(
    '/mall/v1/cart/num',
    { schema: { tags: c, summary: '购物车商品种数（页头角标）', querystring: NoQuery, response: { 200: Count } }, config: { access: buy } },
    async (req) => ok(await cart.count(req.caller!)),
  );
  app.get(
    '/mall/v1/cart/sumMoney',
    { schema: { tags: c, summary: '所选商品按现价合计（分）', querystring: SumMoneyQuery, response: { 200: Money } }, config: { access: buy } },
    async (req) => ok(await cart.sumMoney(req.caller!, req.query.ids?.split(',').map(Number))),
  );
  app.post(
    '/mall/v1/cart/modifyItemNum',
    { schema: { tags: c, summary: '修改数量（不超过库存）', body: ModifyCartNumBody, response: { 200: Money } }, config: { access: buy } },
    async (req) => ok(await cart.modifyNum(who(req), req.body.id, req.body.quantity)),
  );
  app.delete(
    '/mall/v1/cart/delItem/:id',
    { schema: { tags: c, summary: '删除一行', params: IdParams, response: { 200: Count } }, config: { access: buy } },
    async (req) => ok(await cart.remove(who(req), [req.params.id]), '已删除'),
  );
  app.post(
    '/mall/v1/cart/delByIds',
    { schema: { tags: c, summary: '批量删除', body: CartIdsBody, response: { 200: Count } }, config: { access: buy } },
    async (req) => ok(await cart.remove(who(req), req.body.ids), '已删除'),
  );
  app.post(
    '/mall/v1/cart/addMyCollection',
    { schema: { tags: c, summary: '移入收藏', body: CartIdsBody, response: { 200: Count } }, config: { access: buy } },
    async (req) => ok(await cart.moveToFavorites(who(req), req.body.ids), '已移入收藏'),
  );

  // ── favourites ──
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

  // ── addresses ──
  const a = ['收货地址'];
  app.get(
    '/mall/v1/recvAddress/getPageUserRecAddress',
    {
      schema: { tags: a, summary: '我的收货地址（默认地址在前）', querystring: AddressPageQuery, response: { 200: envelope(pageOf(AddressVO)) } },
      config: { access: addr },
    },
    async (req) => ok(await address.page(req.caller!, req.query.current, req.query.size)),
  );
  app.post(
    '/mall/v1/recvAddress/add',
    { schema: { tags: a, summary: '新增收货地址', body: AddressBody, response: { 200: Created } }, config: { access: addr } },
    async (req) => ok(await address.add(who(req), req.body), '已保存'),
  );
  app.put(
    '/mall/v1/recvAddress/modify',
    { schema: { tags: a, summary: '修改收货地址', body: AddressUpdateBody, response: { 200: Ok } }, config: { access: addr } },
    async (req) => {
      const { id, ...rest } = req.body;
      await address.modify(who(req), id, rest);
      return ok(null, '已保存');
    },
  );
  app.delete(
    '/mall/v1/recvAddress/del/:id',
    { schema: { tags: a, summary: '删除收货地址', params: IdParams, response: { 200: Ok } }, config: { access: addr } },
    async (req) => {
      await address.remove(who(req), req.params.id);
      return ok(null, '已删除');
    },
  );

  // ── buy tips ──
  const t = ['购买须知'];
  app.get(
    '/mall/v1/buyTip/getAllBuyTip',
    { schema: { tags: t, summary: '全部购买须知', querystring: NoQuery, response: { 200: envelope(z.array(BuyTipVO)) } }, config: { access: manageTips } },
    async () => ok(await tips.all(false)),
  );
  app.get(
    '/mall/v1/buyTip/getBuyTipById/:id',
    { schema: { tags: t, summary: '购买须知详情', params: IdParams, response: { 200: envelope(BuyTipVO) } }, config: { access: manageTips } },
    async (req) => ok(await tips.byId(req.params.id)),
  );
  app.post(
    '/mall/v1/buyTip/addBuyTip',
    {
      schema: { tags: t, summary: '新增购买须知', body: BuyTipBody, response: { 200: Created } },
      config: { access: { perm: Perm.BUY_TIP_MANAGE, flag: 'add' } },
    },
    async (req) => ok(await tips.add(who(req), req.body), '已保存'),
  );
  app.put(
    '/mall/v1/buyTip/updateBuyTip',
    {
      schema: { tags: t, summary: '修改购买须知', body: BuyTipUpdateBody, response: { 200: Ok } },
      config: { access: { perm: Perm.BUY_TIP_MANAGE, flag: 'modify' } },
    },
    async (req) => {
      const { id, ...rest } = req.body;
      await tips.update(who(req), id, rest);
      return ok(null, '已保存');
    },
  );
  app.delete(
    '/mall/v1/buyTip/deleteBuyTip/:id',
    {
      schema: { tags: t, summary: '删除购买须知', params: IdParams, response: { 200: Ok } },
      config: { access: { perm: Perm.BUY_TIP_MANAGE, flag: 'delete' } },
    },
    async (req) => {
      await tips.remove(who(req), req.params.id);
      return ok(null, '已删除');
    },
  );
}
