import type { AppContext } from '../../../platform/context.ts';
import type { Module } from '../../../platform/module.ts';
import { type AccountsService, VerificationCodes } from '../uac/index.ts';
import { registerAccountCentreRoutes } from './account-centre.routes.ts';
import { ChangeRequestsRepository } from './change-requests.repository.ts';
import { ReviewsService } from './reviews.service.ts';
import { SelfServiceService } from './self-service.service.ts';

/**
 * 用户信息审核、用户名审核 (one change-request model) and the 个人中心 calls: phone, e-mail and
 * user-name changes with codes, the mobile-app QR bind, the relation code.
 */
export function createAccountCentreModule(ctx: AppContext, deps: { accounts: AccountsService }): Module {
  const repo = new ChangeRequestsRepository(ctx.database.db);
  const reviews = new ReviewsService(repo, ctx.callers, deps.accounts);
  const self = new SelfServiceService({
    repo,
    accounts: deps.accounts,
    codes: new VerificationCodes(ctx.kv),
    notifier: ctx.notifier,
    kv: ctx.kv,
    callers: ctx.callers,
    reviews,
  });
  return { services: {}, register: (app) => registerAccountCentreRoutes(app, reviews, self) };
}
