import type { AppContext } from '../../../platform/context.ts';
import { DeptRepository } from './dept.repository.ts';
import { DeptService } from './dept.service.ts';
import { LimitsRepository } from './limits.repository.ts';
import { LimitsService } from './limits.service.ts';

/** The org module's services, built once by createOrgModule. */
export function createOrgServices(ctx: AppContext) {
  const limits = new LimitsService(new LimitsRepository(ctx.database.db));
  const depts = new DeptService({ depts: new DeptRepository(ctx.database.db), limits, callers: ctx.callers });
  return { limits, depts };
}
