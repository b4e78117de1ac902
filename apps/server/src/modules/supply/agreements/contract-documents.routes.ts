import { IdParams, IdQuery, NoQuery } from '@kc/contracts/platform/common';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendFile } from '../../../platform/http/send-file.ts';
import type { ContractsService } from './agreements.service.ts';
import { BOTH_SIDES as both, CONTRACT_TAGS as tags } from './contract-route-groups.ts';

/** Files are answered as they are (no envelope); errors still come back as the JSON envelope. */
const sendPdf = (reply: FastifyReply, f: { pdf: Buffer; filename: string }) => sendFile(reply, 'application/pdf', 'inline', f.filename, f.pdf);

/** /supplier/v1/contract: the printed contract (with its verification QR code) and a terminated contract's exit form, as PDF. */
export function registerContractDocumentRoutes(root: FastifyInstance, svc: ContractsService) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/supplier/v1/contract/downloadRenewContract',
    { schema: { tags, summary: '下载合同文本 PDF（续签合同印为续签版），带核验二维码；?id=合同', querystring: IdQuery }, config: { access: both } },
    async (req, reply) => sendPdf(reply, await svc.pdf(req.caller!, req.query.id)),
  );
  app.get(
    '/supplier/v1/contract/getExitForm/:id',
    {
      schema: { tags, summary: '已终止合同的退出表 PDF：双方、日期、未完结订单数与未结算金额、终止原因', params: IdParams, querystring: NoQuery },
      config: { access: both },
    },
    async (req, reply) => sendPdf(reply, await svc.exitForm(req.caller!, req.params.id)),
  );
}
