import type { AppContext } from '../../../platform/context.ts';
import type { Module } from '../../../platform/module.ts';
import type { PolicyTexts } from '../../site/content/index.ts';
import type { TrustedLogin } from '../uac/index.ts';
import { registerCasConfigRoutes } from './cas-configs.routes.ts';
import { registerPartnerHandoverRoutes } from './partner-handover.routes.ts';
import { registerPartnerRoutes } from './partners.routes.ts';
import { SsoRepository } from './sso.repository.ts';
import { registerSsoRoutes } from './sso.routes.ts';
import { SsoService } from './sso.service.ts';

export { type PartnerTicketPayload, verifyPartnerTicket } from './partner-ticket.ts';

/** Single sign-on: institutes' CAS servers in, partner systems out (docs/ARCHITECTURE.md “单点登录”). */
export function createSsoModule(ctx: AppContext, deps: { login: TrustedLogin; policies: PolicyTexts }): Module {
  const sso = new SsoService({ repo: new SsoRepository(ctx.database.db), kv: ctx.kv, ...deps });
  return {
    services: {},
    // one registrar per resource; this order keeps the OpenAPI document's order of the routes
    register: (app) => {
      registerSsoRoutes(app, sso, ctx.kv);
      registerPartnerHandoverRoutes(app, sso);
      registerCasConfigRoutes(app, sso);
      registerPartnerRoutes(app, sso);
    },
  };
}
