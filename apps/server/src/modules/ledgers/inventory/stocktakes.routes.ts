import { CloseStocktakeBody, CountBody, StocktakeBody, StocktakeDetail, StocktakePage, StocktakeQuery } from '@kc/contracts/ledgers/inventory';
import { envelope, IdParams, Ok } from '@kc/contracts/platform/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Perm } from '../../../platform/auth/access.ts';
import { who } from '../../../platform/auth/who.ts';
import { ok } from '../../../platform/http/reply.ts';
import type { InventoryService } from './inventory.service.ts';
import { INVENTORY_PREFIX as P, INVENTORY_TAGS as tags } from './inventory-route-helpers.ts';

/** Stocktakes (/mall/v1/inventory/stocktake/*): open, count, close; differences become adjustments with a reason. */
export function registerStocktakeRoutes(root: FastifyInstance, inv: InventoryService) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const manage = { perm: Perm.INVENTORY_MANAGE };

  app.get(
    `${P}/stocktake/page`,
    { schema: { tags, summary: '盘点单列表', querystring: StocktakeQuery, response: { 200: envelope(StocktakePage) } }, config: { access: manage } },
    async (req) => ok(await inv.stocktakePage(req.caller!, req.query)),
  );
  app.get(
    `${P}/stocktake/detail/:id`,
    {
      schema: { tags, summary: '盘点单详情（逐个容器：账面、实盘、原因）', params: IdParams, response: { 200: envelope(StocktakeDetail) } },
      config: { access: manage },
    },
    async (req) => ok(await inv.stocktakeDetail(req.caller!, req.params.id)),
  );
  app.post(
    `${P}/stocktake/add`,
    {
      schema: {
        tags,
        summary: '发起盘点（范围内在库容器；可限一个存放位置）',
        body: StocktakeBody,
        response: { 200: envelope(z.object({ id: z.number().int() })) },
      },
      config: { access: manage },
    },
    async (req) => ok(await inv.openStocktake(who(req), req.body), '已发起盘点'),
  );
  app.post(
    `${P}/stocktake/count`,
    { schema: { tags, summary: '录入实盘数量（差异须填原因）', body: CountBody, response: { 200: Ok } }, config: { access: manage } },
    async (req) => ok(await inv.count(who(req), req.body).then(() => null), '已保存'),
  );
  app.post(
    `${P}/stocktake/close`,
    {
      schema: {
        tags,
        summary: '完成盘点：差异记为盘点调整（台账追加，带原因）',
        body: CloseStocktakeBody,
        response: { 200: envelope(z.object({ adjusted: z.number().int() })) },
      },
      config: { access: manage },
    },
    async (req) => ok(await inv.closeStocktake(who(req), req.body.id), '盘点已完成'),
  );
}
