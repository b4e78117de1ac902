import type { AppContext } from '../../../platform/context.ts';
import type { Module } from '../../../platform/module.ts';
import type { DeptService } from './dept.service.ts';
import { registerLimitRoutes } from './limits.routes.ts';
import type { LimitsService } from './limits.service.ts';
import { registerOrgRoutes } from './org.routes.ts';
import { createOrgServices } from './org-services.ts';

export type { DeptService } from './dept.service.ts';
export type { LimitsService } from './limits.service.ts';

/** Institutes, the department tree, teams and count limits; user administration takes the services. */
export function createOrgModule(ctx: AppContext): Module<{ depts: DeptService; limits: LimitsService }> {
  const services = createOrgServices(ctx);
  return {
    services,
    register: (app) => {
      registerOrgRoutes(app, services.depts);
      registerLimitRoutes(app, services.limits);
    },
  };
}
