import { AddressBody, AddressPageQuery, AddressUpdateBody, AddressVO } from '@kc/contracts/buying/mall';
import { envelope, IdParams, Ok, pageOf } from '@kc/contracts/platform/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Perm } from '../../../platform/auth/access.ts';
import { who } from '../../../platform/auth/who.ts';
import { ok } from '../../../platform/http/reply.ts';
import type { AddressService } from './address.service.ts';
import { Created } from './mall-route-shapes.ts';

/** /mall/v1/recvAddress: the buyer's delivery addresses. */
export function registerAddressRoutes(root: FastifyInstance, address: AddressService) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const addr = { perm: Perm.ADDRESS };
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
}
