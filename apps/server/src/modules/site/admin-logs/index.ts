import type { AppContext } from '../../../platform/context.ts';
import type { Module } from '../../../platform/module.ts';
import { AdminLogsRepository } from './admin-logs.repository.ts';
import { registerAdminLogRoutes } from './admin-logs.routes.ts';
import { AdminLogsService } from './admin-logs.service.ts';

/** The admin console's readers: the outbox of mail and SMS, and the audit log (scoped like the user lists). */
export function createAdminLogsModule(ctx: AppContext): Module {
  const logs = new AdminLogsService(new AdminLogsRepository(ctx.database.db));
  return { services: {}, register: (app) => registerAdminLogRoutes(app, logs) };
}
