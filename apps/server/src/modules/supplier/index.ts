import type { AppContext } from '../../platform/context.ts';
import type { Module } from '../../platform/module.ts';
import type { FilesService } from '../files/index.ts';
import { RegistrationRepository } from './registration.repository.ts';
import { registerRegistrationRoutes } from './registration.routes.ts';
import { RegistrationService } from './registration.service.ts';

/** Suppliers: self-registration and the platform's review; login asks it whether a supplier may log in. */
export function createSupplierModule(
  ctx: AppContext,
  deps: { files: FilesService },
): Module<{ loginBlockReason: (supplierId: number) => Promise<string | null> }> {
  const registration = new RegistrationService(new RegistrationRepository(ctx.database.db), deps.files, ctx.notifier, ctx.sessions);
  return {
    services: { loginBlockReason: (id) => registration.loginBlockReason(id) },
    register: (app) => registerRegistrationRoutes(app, ctx, registration),
  };
}
