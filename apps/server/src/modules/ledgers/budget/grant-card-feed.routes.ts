import type { ApiClientScope } from '@kc/contracts/identity/api-clients';
import { ZkpdItemInfoBody, ZkpdItemInfoVO } from '@kc/contracts/ledgers/budget';
import { envelope } from '@kc/contracts/platform/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../../platform/http/reply.ts';
import type { GrantCardFeed } from './grant-card-feed.ts';
import { GRANT_CARD_TAGS as tags } from './grant-card-route-helpers.ts';

/** /mall/v1/api-order/zkpd/getItemInfoByPI: the institute finance system's sync of a PI's cards. */
export function registerGrantCardFeedRoutes(root: FastifyInstance, feed: GrantCardFeed) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/mall/v1/api-order/zkpd/getItemInfoByPI',
    {
      schema: {
        tags,
        summary: '财务系统同步课题负责人的经费卡（须使用绑定研究所的 API 客户端凭证；不带 cards 时只查询）',
        body: ZkpdItemInfoBody,
        response: { 200: envelope(ZkpdItemInfoVO) },
      },
      config: { access: 'public', clientScope: 'zkpd.grantCard' satisfies ApiClientScope },
    },
    async (req) => ok(await feed.itemInfoByPI(req.apiClientId, req.ip, req.body)),
  );
}
