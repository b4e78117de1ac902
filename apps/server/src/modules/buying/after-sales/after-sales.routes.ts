import {
  AfterSaleApplyBody,
  AfterSaleDetail,
  AfterSaleIdBody,
  AfterSalePage,
  AfterSalePicture,
  AfterSaleQuery,
  AfterSaleReturnBody,
  Applicable,
} from '@kc/contracts/buying/after-sales';
import { envelope, IdParams, NoQuery, Ok } from '@kc/contracts/platform/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Perm } from '../../../platform/auth/access.ts';
import { who } from '../../../platform/auth/who.ts';
import { ok } from '../../../platform/http/reply.ts';
import { Moved } from './after-sale-route-helpers.ts';
import type { AfterSalesService } from './after-sales.service.ts';

/**
 * The buyer's side under /mall/v1/order-supplier/buyer (docs/domains/buying.md#after-sales-calls: apply, cancel, get, del and
 * batch reap pictures, plus the list, what may be asked for, sending goods back and closing).
 * It answers 404 for a request that is not theirs.
 */
export function registerAfterSaleRoutes(root: FastifyInstance, svc: AfterSalesService) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const buyer = { perm: Perm.AFTER_SALE, accountTypes: [1] };
  const reader = { perm: Perm.AFTER_SALE, accountTypes: [0, 1] };
  const tags = ['售后'];
  const b = '/mall/v1/order-supplier/buyer';

  app.post(
    `${b}/apply`,
    {
      schema: {
        tags,
        summary: '申请售后（退货、换货、补发、仅退款；数量不超过已发货减已申请，退款金额由服务端按订单行计算）',
        body: AfterSaleApplyBody,
        response: { 200: envelope(z.object({ id: z.number().int(), requestNo: z.string(), refundAmount: z.number().int() })) },
      },
      config: { access: buyer },
    },
    async (req) => ok(await svc.apply(who(req), req.body), '售后申请已提交'),
  );
  app.post(
    `${b}/cancel`,
    { schema: { tags, summary: '撤销售后申请（供应商处理之前）', body: AfterSaleIdBody, response: { 200: Moved } }, config: { access: buyer } },
    async (req) => ok(await svc.move(who(req), req.body.id, 'cancel', 'buyer'), '售后申请已撤销'),
  );
  app.get(
    `${b}/get/:id`,
    {
      schema: { tags, summary: '售后申请详情（商品行、金额、处理记录）', params: IdParams, querystring: NoQuery, response: { 200: envelope(AfterSaleDetail) } },
      config: { access: reader },
    },
    async (req) => ok(await svc.detail(req.caller!, req.params.id)),
  );
  app.post(
    `${b}/del/:id`,
    { schema: { tags, summary: '删除本人已撤销或已关闭的售后申请（从列表中移除）', params: IdParams, response: { 200: Ok } }, config: { access: buyer } },
    async (req) => ok(await svc.remove(who(req), req.params.id).then(() => null), '已删除'),
  );
  app.get(
    `${b}/batchReapPictures/:id`,
    {
      schema: {
        tags,
        summary: '售后申请的全部图片（签名链接）',
        params: IdParams,
        querystring: NoQuery,
        response: { 200: envelope(z.array(AfterSalePicture)) },
      },
      config: { access: reader },
    },
    async (req) => ok(await svc.pictures(req.caller!, req.params.id)),
  );
  app.get(
    `${b}/page`,
    {
      schema: { tags, summary: '售后申请列表（按数据范围：本人、课题组、本所）', querystring: AfterSaleQuery, response: { 200: envelope(AfterSalePage) } },
      config: { access: reader },
    },
    async (req) => ok(await svc.page(req.caller!, req.query)),
  );
  app.get(
    `${b}/applicable/:id`,
    {
      schema: {
        tags,
        summary: '子订单各行还可申请售后的数量（已发货 − 进行中与已完成的申请）',
        params: IdParams,
        querystring: NoQuery,
        response: { 200: envelope(Applicable) },
      },
      config: { access: buyer },
    },
    async (req) => ok(await svc.applicable(req.caller!, req.params.id)),
  );
  app.post(
    `${b}/returnGoods`,
    { schema: { tags, summary: '寄回商品（填写快递公司与单号）', body: AfterSaleReturnBody, response: { 200: Moved } }, config: { access: buyer } },
    async (req) =>
      ok(
        await svc.move(who(req), req.body.id, 'return', 'buyer', { express_company: req.body.expressCompany, tracking_no: req.body.trackingNo }),
        '已提交寄回信息',
      ),
  );
  app.post(
    `${b}/close`,
    { schema: { tags, summary: '关闭已退款、已换货或被拒绝的售后申请', body: AfterSaleIdBody, response: { 200: Moved } }, config: { access: buyer } },
    async (req) => ok(await svc.move(who(req), req.body.id, 'close', 'buyer'), '售后申请已关闭'),
  );
}
