import type { AppContext } from '../../../platform/context.ts';
import type { Module } from '../../../platform/module.ts';
import type { UserRolesService } from '../../identity/rbac/index.ts';
import type { AccountsService } from '../../identity/uac/index.ts';
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
  deps: {
    files: FilesService;
    /** supplier accounts are uac's rows and their roles rbac's: opened and changed through them */
    accounts: AccountsService;
    userRoles: UserRolesService;
  },
): Module<{ loginBlockReason: (supplierId: number) => Promise<string | null> }> {
  const registration = new RegistrationService(
    new RegistrationRepository(ctx.database.db),
    deps.files,
    ctx.notifier,
    ctx.sessions,
    deps.accounts,
    deps.userRoles,
  );
  const childAccounts = new ChildAccountsService(new ChildAccountsRepository(ctx.database.db), ctx.sessions, ctx.callers, deps.accounts, deps.userRoles);
  return {
    services: { loginBlockReason: (id) => registration.loginBlockReason(id) },
    register(app) {
      registerRegistrationRoutes(app, ctx, registration);
      registerChildAccountRoutes(app, childAccounts);
    },
  };
}
