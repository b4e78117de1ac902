import { ExpressChannelBody, ExpressChannelList } from '@kc/contracts/buying/orders';
import { envelope, NoQuery } from '@kc/contracts/platform/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Perm } from '../../../platform/auth/access.ts';
import { who } from '../../../platform/auth/who.ts';
import { ok } from '../../../platform/http/reply.ts';
import type { ExpressChannelService } from './express-channels.ts';

const Created = envelope(z.object({ id: z.number().int() }));

/** /mall/v1/expChannel: the express channels a delivery names (configuration). */
export function registerExpressChannelRoutes(root: FastifyInstance, channels: ExpressChannelService) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const cfg = ['快递渠道'];
  app.get(
    '/mall/v1/expChannel/list',
    {
      schema: { tags: cfg, summary: '快递渠道（启用的）', querystring: NoQuery, response: { 200: envelope(ExpressChannelList) } },
      config: { access: 'login' },
    },
    async (req) => ok(await channels.list(req.caller!.perms.has(Perm.EXPRESS_MANAGE))),
  );
  app.post(
    '/mall/v1/expChannel/save',
    {
      schema: { tags: cfg, summary: '新增或修改快递渠道', body: ExpressChannelBody, response: { 200: Created } },
      config: { access: { perm: Perm.EXPRESS_MANAGE, flag: 'modify' } },
    },
    async (req) => ok(await channels.save(who(req), req.body), '已保存'),
  );
}
