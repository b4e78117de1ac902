import { PrintControlVO } from '@kc/contracts/buying/bids';
import { envelope, IdParams } from '@kc/contracts/platform/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../../platform/http/reply.ts';
import { sendFile } from '../../../platform/http/send-file.ts';
import type { BidPrintService } from './bid-print.service.ts';
import { BID_TAGS as tags } from './bid-route-tags.ts';

/** /mall/v1/bid/printPDF: the printed record of an opened project, for its buyer and this round's bidders. */
export function registerBidPrintRoutes(root: FastifyInstance, print: BidPrintService) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const IdOnly = z.object({ id: IdParams.shape.id }).strict();

  app.get(
    '/mall/v1/bid/printPDF/checkControl/:id',
    {
      schema: { tags, summary: '能否打印招标记录（开标后，仅招标方与本轮投标人）', params: IdOnly, response: { 200: envelope(PrintControlVO) } },
      config: { access: 'login' },
    },
    async (req) => ok(await print.control(req.caller!, req.params.id)),
  );
  app.get(
    '/mall/v1/bid/printPDF/:id',
    { schema: { tags, summary: '打印招标记录（PDF）', params: IdOnly }, config: { access: 'login' } },
    async (req, reply) => {
      const f = await print.pdf(req.caller!, req.params.id);
      return sendFile(reply, 'application/pdf', 'inline', f.filename, f.body);
    },
  );
}
