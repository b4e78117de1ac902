import type { AppContext } from '../../../platform/context.ts';
import type { Module } from '../../../platform/module.ts';
import { DictCache } from './dict-cache.ts';
import { registerDictClientRoutes } from './dict-client.routes.ts';
import { registerDictConfigRoutes } from './dict-config.routes.ts';
import { DictsRepository } from './dicts.repository.ts';
import { registerDictRoutes } from './dicts.routes.ts';
import { DictsService } from './dicts.service.ts';

export { VERSION_CHECK_MS } from './dict-cache.ts';
export type { DictsService };

/**
 * Dictionaries and each institute's dictionary config (docs/domains/shared.md#dictionaries). Other modules read values
 * through `DictsService.entries(instituteId, code)` / `label(...)`, cached per institute and version.
 */
export function createDictsModule(ctx: AppContext): Module<{ dicts: DictsService }> {
  const repo = new DictsRepository(ctx.database.db);
  const cache = new DictCache(repo, ctx.kv, !!ctx.config.redisUrl);
  const dicts = new DictsService(repo, cache, ctx.callers);
  return {
    services: { dicts },
    // one registrar per resource; this order keeps the OpenAPI document's order of the routes
    register: (app) => {
      registerDictClientRoutes(app, ctx, dicts);
      registerDictRoutes(app, dicts);
      registerDictConfigRoutes(app, dicts);
    },
  };
}
