import { LocationBody, LocationPage, LocationQuery, LocationUpdateBody } from '@kc/contracts/ledgers/inventory';
import { envelope, IdBody, Ok } from '@kc/contracts/platform/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Perm } from '../../../platform/auth/access.ts';
import { who } from '../../../platform/auth/who.ts';
import { ok } from '../../../platform/http/reply.ts';
import type { InventoryService } from './inventory.service.ts';
import { INVENTORY_PREFIX as P, INVENTORY_TAGS as tags, INVENTORY_VIEW as view } from './inventory-route-helpers.ts';

/** The institute's storage locations (/mall/v1/inventory/location/*). */
export function registerLocationRoutes(root: FastifyInstance, inv: InventoryService) {
  const app = root.withTypeProvider<ZodTypeProvider>();
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
}
