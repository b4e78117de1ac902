import type { AppContext } from '../../../platform/context.ts';
import type { Module } from '../../../platform/module.ts';
import { ExternalRepository } from './external.repository.ts';
import { registerExternalRoutes } from './external.routes.ts';
import { ExternalService } from './external.service.ts';

const PURGE_JOB = 'external.purgeLog';

/** Outbound lookups for the item pages: registry, breaker, counts, log (docs/ARCHITECTURE.md “外部接口”). */
export function createExternalModule(ctx: AppContext): Module<{ external: ExternalService }> {
  const external = new ExternalService(new ExternalRepository(ctx.database.db));
  ctx.jobs.define(PURGE_JOB, async () => {
    await external.purge();
  });
  // nightly, after the other sweeps
  ctx.jobs.schedule(PURGE_JOB, '55 3 * * *');
  return { services: { external }, register: (app) => registerExternalRoutes(app, external, ctx.kv) };
}
