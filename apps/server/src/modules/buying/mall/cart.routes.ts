import { AddCartBody, CartIdsBody, CartVO, ModifyCartNumBody, SumMoneyQuery } from '@kc/contracts/buying/mall';
import { envelope, IdParams, NoQuery } from '@kc/contracts/platform/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Perm } from '../../../platform/auth/access.ts';
import { who } from '../../../platform/auth/who.ts';
import { ok } from '../../../platform/http/reply.ts';
import type { CartService } from './cart.service.ts';
import { Count } from './mall-route-shapes.ts';

const Money = envelope(z.object({ amount: z.number().int(), count: z.number().int() }));

/** /mall/v1/cart: the buyer's cart. */
export function registerCartRoutes(root: FastifyInstance, cart: CartService) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const buy = { perm: Perm.ORDER_BUY };
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
}
