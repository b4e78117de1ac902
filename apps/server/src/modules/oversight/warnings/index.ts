import { DICT } from '@kc/contracts/shared/dicts';
import type { AppContext } from '../../../platform/context.ts';
import type { Module } from '../../../platform/module.ts';
import type { ApprovalsService } from '../../shared/approvals/index.ts';
import type { DictsService } from '../../shared/dicts/index.ts';
import type { MessagesService } from '../../shared/messages/index.ts';
import { WarningsRepository } from './warnings.repository.ts';
import { registerWarningRoutes } from './warnings.routes.ts';
import { WarningsService } from './warnings.service.ts';

export type { WarningsService };

/** 预警 and 预警规则 (docs/domains/oversight.md#warnings): rules per institute, a daily scan and digest, the checkout's duplicate hint. */
export function createWarningsModule(
  ctx: AppContext,
  deps: { messages: MessagesService; approvals: ApprovalsService; dicts?: Pick<DictsService, 'threshold' | 'labels'> },
): Module<{ warnings: WarningsService }> {
  const warnings = new WarningsService(new WarningsRepository(ctx.database.db), {
    ...deps,
    threshold: deps.dicts ? (i, key, fallback) => deps.dicts!.threshold(i, key, fallback) : undefined,
    qualificationNames: deps.dicts ? () => deps.dicts!.labels(null, DICT.QUALIFICATION_TYPE) : undefined,
  });
  // every morning: scan every institute, then one digest per person with new warnings
  ctx.jobs.define<{ today?: string }>('warnings.daily', async (job) => {
    await warnings.scanAll(job.payload?.today);
    await warnings.digest(job.payload?.today);
  });
  ctx.jobs.schedule('warnings.daily', '30 7 * * *');
  return { services: { warnings }, register: (app) => registerWarningRoutes(app, warnings) };
}
