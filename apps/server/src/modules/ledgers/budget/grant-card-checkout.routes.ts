import { DefaultCardBody, UsableCardQuery, UsableCardVO } from '@kc/contracts/ledgers/budget';
import { envelope, Ok } from '@kc/contracts/platform/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Perm } from '../../../platform/auth/access.ts';
import { who } from '../../../platform/auth/who.ts';
import { ok } from '../../../platform/http/reply.ts';
import { GRANT_CARD_TAGS as tags } from './grant-card-route-helpers.ts';
import type { GrantCardsService } from './grant-cards.service.ts';

/** The buyer's usable cards and default at checkout (/mall/v1/grantCard/usable, /default). */
export function registerGrantCardCheckoutRoutes(root: FastifyInstance, cards: GrantCardsService) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/mall/v1/grantCard/usable',
    {
      schema: {
        tags,
        summary: '下单可用的经费卡（本人为负责人或成员、有效且在有效期内；含默认卡）',
        querystring: UsableCardQuery,
        response: { 200: envelope(z.array(UsableCardVO)) },
      },
      config: { access: { perm: Perm.ORDER_BUY } },
    },
    async (req) => ok(await cards.usable(req.caller!)),
  );
  app.post(
    '/mall/v1/grantCard/default',
    { schema: { tags, summary: '设为默认经费卡', body: DefaultCardBody, response: { 200: Ok } }, config: { access: { perm: Perm.ORDER_BUY } } },
    async (req) => ok(await cards.setDefault(who(req), req.body.cardId).then(() => null), '已设为默认经费卡'),
  );
}
