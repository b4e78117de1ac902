import { LabelQuery, LabelVO, SlipQuery, SlipVO } from '@kc/contracts/ledgers/inventory';
import { envelope } from '@kc/contracts/platform/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../../platform/http/reply.ts';
import { sendFile } from '../../../platform/http/send-file.ts';
import type { InventoryService } from './inventory.service.ts';
import { labelsPdf, slipPdf } from './inventory-pdf.ts';
import { INVENTORY_PREFIX as P, INVENTORY_TAGS as tags, INVENTORY_VIEW as view } from './inventory-route-helpers.ts';

/** Slips (入库单 / 出库单) and container labels, as data for the print pages and as PDF. */
export function registerInventoryDocumentRoutes(root: FastifyInstance, inv: InventoryService) {
  const app = root.withTypeProvider<ZodTypeProvider>();
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
}
