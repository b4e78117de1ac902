import type { AppContext } from '../../../platform/context.ts';
import { serverSecret } from '../../../platform/db/settings.ts';
import type { Module } from '../../../platform/module.ts';
import type { GrantCardsService } from '../../ledgers/budget/index.ts';
import type { ApprovalsService } from '../../shared/approvals/index.ts';
import type { FilesService } from '../../shared/files/index.ts';
import type { MessagesService } from '../../shared/messages/index.ts';
import type { InvoicesService } from '../invoices/index.ts';
import { registerClaimApprovalRoutes } from './claim-approval.routes.ts';
import { registerClaimDetailRoutes } from './claim-details.routes.ts';
import { registerClaimFinanceRoutes } from './claim-finance.routes.ts';
import { registerClaimListRoutes } from './claim-lists.routes.ts';
import { ClaimQueriesService } from './claim-queries.service.ts';
import { registerClaimSettingRoutes } from './claim-settings.routes.ts';
import { ClaimsRepository } from './claims.repository.ts';
import { registerClaimRoutes } from './claims.routes.ts';
import { ClaimsService } from './claims.service.ts';
import { SupplierClaimsRepository } from './supplier-claims.repository.ts';
import { registerSupplierClaimRoutes } from './supplier-claims.routes.ts';
import { SupplierClaimsService } from './supplier-claims.service.ts';

/** the institute's settlement freeze window (claim_setting): statements are not generated inside it either */
export { freezeReason } from './claim-eligibility.ts';
export type { ClaimQueriesService, ClaimsService };

/**
 * 报销单 and 合并报销: buyers claim completed, invoiced sub-orders; team leaders and institutes
 * approve along the institute's flow; finance merges, passes, completes or sends back. Invoices are
 * taken and released through the invoices module, and a completed claim draws on the grant cards,
 * both bound to the claim's transaction (`invoices.within(trx)`, `grantCards.within(trx)`).
 */
export async function createClaimsModule(
  ctx: AppContext,
  deps: { approvals: ApprovalsService; messages: MessagesService; files: FilesService; invoices: InvoicesService; grantCards: GrantCardsService },
): Promise<Module<{ claims: ClaimsService; claimQueries: ClaimQueriesService }>> {
  const repo = new ClaimsRepository(ctx.database.db);
  const claims = new ClaimsService(repo, deps.approvals, deps.messages, deps.files, deps.invoices, deps.grantCards);
  const claimQueries = new ClaimQueriesService(repo, deps.approvals, deps.files, await serverSecret(ctx.database.db, 'claim_qr_secret'), deps.invoices);
  // the supplier's side (/supplier/v1/apiReimbursement) reads invoices through the invoices module
  const supplierClaims = new SupplierClaimsService(new SupplierClaimsRepository(ctx.database.db), deps.invoices, deps.messages);
  return {
    services: { claims, claimQueries },
    register: (app) => {
      // one registrar per resource; this order keeps the OpenAPI document's order of the routes
      registerClaimRoutes(app, { moves: claims, queries: claimQueries });
      registerClaimApprovalRoutes(app, claims);
      registerClaimFinanceRoutes(app, claims);
      registerClaimSettingRoutes(app, claims);
      registerClaimListRoutes(app, claimQueries);
      registerClaimDetailRoutes(app, claimQueries);
      registerSupplierClaimRoutes(app, supplierClaims);
    },
  };
}
