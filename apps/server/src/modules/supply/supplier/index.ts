import type { AppContext } from '../../../platform/context.ts';
import type { Module } from '../../../platform/module.ts';
import type { FilesService } from '../../shared/files/index.ts';
import { ChildAccountsRepository } from './child-accounts.repository.ts';
import { registerChildAccountRoutes } from './child-accounts.routes.ts';
import { ChildAccountsService } from './child-accounts.service.ts';
import { RegistrationRepository } from './registration.repository.ts';
import { registerRegistrationRoutes } from './registration.routes.ts';
import { RegistrationService } from './registration.service.ts';

/** Suppliers: self-registration and the platform's review, the main account's child accounts; login asks it whether a supplier may log in. */
export function createSupplierModule(
  ctx: AppContext,
  deps: { files: FilesService },
): Module<{ loginBlockReason: (supplierId: number) => Promise<string | null> }> {
  const registration = new RegistrationService(new RegistrationRepository(ctx.database.db), deps.files, ctx.notifier, ctx.sessions);
  const childAccounts = new ChildAccountsService(new ChildAccountsRepository(ctx.database.db), ctx.sessions, ctx.callers);
  return {
    services: { loginBlockReason: (id) => registration.loginBlockReason(id) },
    register(app) {
      registerRegistrationRoutes(app, ctx, registration);
      registerChildAccountRoutes(app, childAccounts);
    },
  };
}
