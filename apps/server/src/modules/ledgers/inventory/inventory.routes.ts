import {
  CloseStocktakeBody,
  ContainerDetail,
  ContainerPage,
  ContainerQuery,
  CountBody,
  IdsQuery,
  LabelQuery,
  LabelVO,
  LedgerVO,
  LocationBody,
  LocationPage,
  LocationQuery,
  LocationUpdateBody,
  MoveBody,
  PersonVO,
  SlipQuery,
  SlipVO,
  StockOutBody,
  StockOutValidateVO,
  StockOutVO,
  StocktakeBody,
  StocktakeDetail,
  StocktakePage,
  StocktakeQuery,
  SubOrderIdsQuery,
  SubOrderStockVO,
} from '@kc/contracts/ledgers/inventory';
import { envelope, IdBody, IdParams, Ok } from '@kc/contracts/platform/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Perm } from '../../../platform/auth/access.ts';
import { who } from '../../../platform/auth/who.ts';
import { ok } from '../../../platform/http/reply.ts';
import { sendFile } from '../../../platform/http/send-file.ts';
import type { InventoryService } from './inventory.service.ts';
import { labelsPdf, slipPdf } from './inventory-pdf.ts';

/**
 * /mall/v1/inventory: the 库存 pages (containers, ledger, 领用, labels, slips), the SPEC calls
 * (listBySupplierOrderIds, inventoryItemRecord/listByIds, stockOut/validate), stocktakes and locations.
 */
export function registerInventoryRoutes(root: FastifyInstance, inv: InventoryService) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['库存'];
  const view = { perm: Perm.INVENTORY };
  const manage = { perm: Perm.INVENTORY_MANAGE };
  const P = '/mall/v1/inventory';

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

  // ── slips and labels ──
  app.get(
    `${P}/slip`,
    {
      schema: {
        tags,
        summary: '入库单 / 出库单（打印页 /printPutOrder、/printOutboundOrder 的数据，?id=）',
        querystring: SlipQuery,
        response: { 200: envelope(SlipVO) },
      },
      config: { access: view },
    },
    async (req) => ok(await inv.slip(req.caller!, req.query.id)),
  );
  app.get(
    `${P}/slip/pdf`,
    {
      schema: {
        tags,
        summary: '入库单 / 出库单 PDF（stamp=1 为胶版，带盖章处）',
        querystring: SlipQuery.extend({ stamp: z.enum(['0', '1']).optional() }).strict(),
      },
      config: { access: view },
    },
    async (req, reply) => {
      const s = await inv.slip(req.caller!, req.query.id);
      return sendFile(reply, 'application/pdf', 'inline', `${s.slipNo}.pdf`, await slipPdf(s, req.query.stamp === '1', new Date()));
    },
  );
  app.get(
    `${P}/labels`,
    {
      schema: { tags, summary: '容器标签（二维码为容器编号）', querystring: LabelQuery, response: { 200: envelope(z.array(LabelVO)) } },
      config: { access: view },
    },
    async (req) => ok(await inv.labels(req.caller!, req.query.ids)),
  );
  app.get(
    `${P}/labels/pdf`,
    { schema: { tags, summary: '容器标签 PDF（A4 每页 24 张）', querystring: LabelQuery }, config: { access: view } },
    async (req, reply) => sendFile(reply, 'application/pdf', 'inline', 'labels.pdf', await labelsPdf(await inv.labels(req.caller!, req.query.ids))),
  );

  // ── locations ──
  app.get(
    `${P}/location/page`,
    { schema: { tags, summary: '存放位置（本所）', querystring: LocationQuery, response: { 200: envelope(LocationPage) } }, config: { access: view } },
    async (req) => ok(await inv.locationPage(req.caller!, req.query)),
  );
  app.post(
    `${P}/location/add`,
    {
      schema: { tags, summary: '新增存放位置', body: LocationBody, response: { 200: envelope(z.object({ id: z.number().int() })) } },
      config: { access: { perm: Perm.INVENTORY_MANAGE, flag: 'add' } },
    },
    async (req) => ok(await inv.addLocation(who(req), req.body), '存放位置已新增'),
  );
  app.post(
    `${P}/location/update`,
    {
      schema: { tags, summary: '修改存放位置', body: LocationUpdateBody, response: { 200: Ok } },
      config: { access: { perm: Perm.INVENTORY_MANAGE, flag: 'modify' } },
    },
    async (req) => {
      const { id, ...b } = req.body;
      await inv.updateLocation(who(req), id, b);
      return ok(null, '存放位置已保存');
    },
  );
  app.post(
    `${P}/location/delete`,
    {
      schema: { tags, summary: '删除存放位置（须无在库容器）', body: IdBody, response: { 200: Ok } },
      config: { access: { perm: Perm.INVENTORY_MANAGE, flag: 'delete' } },
    },
    async (req) => ok(await inv.deleteLocation(who(req), req.body.id).then(() => null), '存放位置已删除'),
  );

  // ── stocktakes ──
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
