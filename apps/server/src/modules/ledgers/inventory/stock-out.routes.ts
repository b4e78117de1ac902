import { MoveBody, PersonVO, StockOutBody, StockOutValidateVO, StockOutVO } from '@kc/contracts/ledgers/inventory';
import { envelope, Ok } from '@kc/contracts/platform/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { who } from '../../../platform/auth/who.ts';
import { ok } from '../../../platform/http/reply.ts';
import type { InventoryService } from './inventory.service.ts';
import { INVENTORY_PREFIX as P, INVENTORY_TAGS as tags, INVENTORY_VIEW as view } from './inventory-route-helpers.ts';

/** 领用 (the SPEC's stockOut/validate and stockOut), moving containers, and the people who may take stock out. */
export function registerStockOutRoutes(root: FastifyInstance, inv: InventoryService) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.post(
    `${P}/stockOut/validate`,
    {
      schema: { tags, summary: '领用前校验（不低于零、单位只在同一量纲内换算）；不写入', body: StockOutBody, response: { 200: envelope(StockOutValidateVO) } },
      config: { access: view },
    },
    async (req) => ok(await inv.validate(req.caller!, req.body)),
  );
  app.post(
    `${P}/stockOut`,
    {
      schema: { tags, summary: '领用出库（逐个容器加锁；管制品须第二领用人）', body: StockOutBody, response: { 200: envelope(StockOutVO) } },
      config: { access: view },
    },
    async (req) => ok(await inv.stockOut(who(req), req.body), '领用成功'),
  );
  app.post(
    `${P}/move`,
    { schema: { tags, summary: '移库（危化品只能放入危化品柜）', body: MoveBody, response: { 200: Ok } }, config: { access: view } },
    async (req) => ok(await inv.move(who(req), req.body.ids, req.body.locationId).then(() => null), '已移库'),
  );
  app.get(
    `${P}/people`,
    {
      schema: {
        tags,
        summary: '本所人员（选择领用人，按姓名或登录名，至多 30 人）',
        querystring: z.object({ keyword: z.string().trim().max(30).optional(), t: z.string().optional() }).strict(),
        response: { 200: envelope(z.array(PersonVO)) },
      },
      config: { access: view },
    },
    async (req) => ok(await inv.people(req.caller!, req.query.keyword)),
  );
}
