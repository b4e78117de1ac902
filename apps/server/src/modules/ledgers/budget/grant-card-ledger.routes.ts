import { LedgerPage, LedgerQuery } from '@kc/contracts/ledgers/budget';
import { envelope, IdParams } from '@kc/contracts/platform/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Perm } from '../../../platform/auth/access.ts';
import { ok } from '../../../platform/http/reply.ts';
import { sendFile, XLSX_TYPE } from '../../../platform/http/send-file.ts';
import { GRANT_CARD_TAGS as tags, GRANT_CARD_VIEW as view } from './grant-card-route-helpers.ts';
import type { GrantCardsService } from './grant-cards.service.ts';

/** /mall/v1/grantCard/ledger: a card's budget ledger and its Excel export. */
export function registerGrantCardLedgerRoutes(root: FastifyInstance, cards: GrantCardsService) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/mall/v1/grantCard/ledger',
    {
      schema: { tags, summary: '经费卡台账（冻结、释放、支出……，最新在前）', querystring: LedgerQuery, response: { 200: envelope(LedgerPage) } },
      config: { access: view },
    },
    async (req) => ok(await cards.ledger(req.caller!, req.query.cardId, req.query.current, req.query.size)),
  );
  app.get(
    '/mall/v1/grantCard/ledger/export',
    {
      schema: {
        tags,
        summary: '导出经费卡台账（Excel，需页面导出权限）',
        querystring: z.object({ cardId: IdParams.shape.id, t: z.string().optional() }).strict(),
      },
      config: { access: { perm: Perm.GRANT_CARD, flag: 'export' } },
    },
    async (req, reply) => {
      const f = await cards.exportLedger(req.caller!, req.query.cardId);
      return sendFile(reply, XLSX_TYPE, 'attachment', f.filename, f.body);
    },
  );
}
