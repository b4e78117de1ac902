import { ContainerDetail, ContainerPage, ContainerQuery, IdsQuery, LedgerVO, SubOrderIdsQuery, SubOrderStockVO } from '@kc/contracts/ledgers/inventory';
import { envelope, IdParams } from '@kc/contracts/platform/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../../platform/http/reply.ts';
import type { InventoryService } from './inventory.service.ts';
import { INVENTORY_PREFIX as P, INVENTORY_TAGS as tags, INVENTORY_VIEW as view } from './inventory-route-helpers.ts';

/** The containers: the 库存 list and detail, and the SPEC calls listBySupplierOrderIds and inventoryItemRecord/listByIds. */
export function registerContainerRoutes(root: FastifyInstance, inv: InventoryService) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    `${P}/page`,
    {
      schema: {
        tags,
        summary: '库存容器列表（按数据范围：本所 / 本部门 / 本课题组；名称、CAS、位置、状态、临期）',
        querystring: ContainerQuery,
        response: { 200: envelope(ContainerPage) },
      },
      config: { access: view },
    },
    async (req) => ok(await inv.page(req.caller!, req.query)),
  );
  app.get(
    `${P}/detail/:id`,
    { schema: { tags, summary: '库存容器详情与台账', params: IdParams, response: { 200: envelope(ContainerDetail) } }, config: { access: view } },
    async (req) => ok(await inv.detail(req.caller!, req.params.id)),
  );
  app.get(
    `${P}/listBySupplierOrderIds`,
    {
      schema: {
        tags,
        summary: '子订单验收入库生成的容器（?ids=逗号分隔的子订单 id）',
        querystring: SubOrderIdsQuery,
        response: { 200: envelope(z.array(SubOrderStockVO)) },
      },
      config: { access: view },
    },
    async (req) => ok(await inv.bySubOrders(req.caller!, req.query.ids)),
  );
  app.get(
    `${P}/inventoryItemRecord/listByIds`,
    {
      schema: { tags, summary: '容器的出入库记录（?ids=逗号分隔的容器 id）', querystring: IdsQuery, response: { 200: envelope(z.array(LedgerVO)) } },
      config: { access: view },
    },
    async (req) => ok(await inv.records(req.caller!, req.query.ids)),
  );
}
