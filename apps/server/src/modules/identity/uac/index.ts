import type { TokenAnswer } from '@kc/contracts/identity/uac';
import type { SupplierContractState } from '@kc/contracts/supply/agreements';
import type { AppContext } from '../../../platform/context.ts';
import type { Module } from '../../../platform/module.ts';
import type { DeptService, LimitsService } from '../org/index.ts';
import type { RbacAccess } from '../rbac/index.ts';
import { registerAccountRoutes } from './account.routes.ts';
import type { AccountDeps } from './account.service.ts';
import { registerAuthRoutes } from './auth.routes.ts';
import { AuthService } from './auth.service.ts';
import { UserRepository } from './user.repository.ts';
import { registerUserRoutes } from './user.routes.ts';
import { UserAdminRepository } from './user-admin.repository.ts';
import { UserAdminService } from './user-admin.service.ts';

/** the account centre (modules/account-centre) sends and checks its codes the same way */
export { type CodeChannel, type CodePurpose, VerificationCodes } from './verification-codes.ts';

export interface UacDeps {
  depts: DeptService;
  limits: LimitsService;
  rbac: RbacAccess;
  /** why a supplier's accounts may not log in (registration under review, rejected …), or null */
  supplierLoginBlock: (supplierId: number) => Promise<string | null>;
  /** the supplier session's contract state (contracts module) */
  supplierContract?: (supplierId: number) => Promise<SupplierContractState>;
  /** the institute's invoice type and time and pay time (SPEC.md §3 session keys; the invoices module) */
  invoiceTerms?: AccountDeps['invoiceTerms'];
}

/** What other modules may ask of accounts: a session for an identity another system proved (sso). */
export interface TrustedLogin {
  /** the normal token answer of a login, for an active account; fails as a login would (frozen, disabled) */
  grant(userId: number, ip: string): Promise<TokenAnswer>;
}

/** Accounts: login and tokens, the logged-in account (info, units, password), user administration. */
export function createUacModule(ctx: AppContext, deps: UacDeps): Module<{ trustedLogin: TrustedLogin }> {
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
    sessions: ctx.sessions,
    callers: ctx.callers,
  });
  return {
    services: { trustedLogin: { grant: (userId, ip) => auth.trustedGrant(userId, ip) } },
    register(app) {
      registerAuthRoutes(app, ctx, auth);
      registerAccountRoutes(app, ctx, deps.rbac, { supplierContract: deps.supplierContract, invoiceTerms: deps.invoiceTerms });
      registerUserRoutes(app, ctx, users);
    },
  };
}
