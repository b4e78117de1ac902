import type { TokenAnswer } from '@kc/contracts/identity/uac';
import type { SupplierContractState } from '@kc/contracts/supply/agreements';
import type { AppContext } from '../../../platform/context.ts';
import type { Module } from '../../../platform/module.ts';
import type { DeptService, LimitsService } from '../org/index.ts';
import type { RbacAccess, UserRolesService } from '../rbac/index.ts';
import { registerAccountRoutes } from './account.routes.ts';
import type { AccountDeps } from './account.service.ts';
import { AccountsRepository } from './accounts.repository.ts';
import { AccountsService } from './accounts.service.ts';
import { registerAuthRoutes } from './auth.routes.ts';
import { AuthService } from './auth.service.ts';
import { UserRepository } from './user.repository.ts';
import { registerUserRoutes } from './user.routes.ts';
import { UserAdminRepository } from './user-admin.repository.ts';
import { UserAdminService } from './user-admin.service.ts';

export type { AccountChanges, AccountWrites, NewAccount } from './account-writes.ts';
export type { AccountsService } from './accounts.service.ts';
/** the account centre (modules/account-centre) sends and checks its codes the same way */
export { type CodeChannel, type CodePurpose, VerificationCodes } from './verification-codes.ts';

export interface UacDeps {
  depts: DeptService;
  limits: LimitsService;
  rbac: RbacAccess;
  /** an administrator's new account gets its roles through rbac, in the same transaction */
  userRoles: UserRolesService;
  /** why a supplier's accounts may not log in (registration under review, rejected …), or null */
  supplierLoginBlock: (supplierId: number) => Promise<string | null>;
  /** the supplier session's contract state (contracts module) */
  supplierContract?: (supplierId: number) => Promise<SupplierContractState>;
  /** the institute's invoice type and time and pay time (docs/domains/finance.md#invoice-terms; the invoices module) */
  invoiceTerms?: AccountDeps['invoiceTerms'];
}

/** What other modules may ask of accounts: a session for an identity another system proved (sso). */
export interface TrustedLogin {
  /** the normal token answer of a login, for an active account; fails as a login would (frozen, disabled) */
  grant(userId: number, ip: string): Promise<TokenAnswer>;
}

/**
 * Accounts: login and tokens, the logged-in account (info, units, password), user administration;
 * other modules open and change accounts through `accounts` (AccountsService.within(trx)).
 */
export function createUacModule(ctx: AppContext, deps: UacDeps): Module<{ trustedLogin: TrustedLogin; accounts: AccountsService }> {
  const accounts = new AccountsService(new AccountsRepository(ctx.database.db));
  const auth = new AuthService({
    users: new UserRepository(ctx.database.db),
    kv: ctx.kv,
    sessions: ctx.sessions,
    callers: ctx.callers,
    captchaEnabled: ctx.config.captchaEnabled,
    singleSession: ctx.config.singleSession,
    supplierLoginBlock: deps.supplierLoginBlock,
  });
  const users = new UserAdminService({
    users: new UserAdminRepository(ctx.database.db),
    depts: deps.depts,
    limits: deps.limits,
    roleGrants: deps.rbac,
    accounts,
    userRoles: deps.userRoles,
    sessions: ctx.sessions,
    callers: ctx.callers,
  });
  return {
    services: { trustedLogin: { grant: (userId, ip) => auth.trustedGrant(userId, ip) }, accounts },
    register(app) {
      registerAuthRoutes(app, ctx, auth);
      registerAccountRoutes(app, ctx, deps.rbac, { supplierContract: deps.supplierContract, invoiceTerms: deps.invoiceTerms });
      registerUserRoutes(app, ctx, users);
    },
  };
}
