import type { AppContext } from '../../../platform/context.ts';
import { serverSecret } from '../../../platform/db/settings.ts';
import type { Module } from '../../../platform/module.ts';
import type { FilesService } from '../../shared/files/index.ts';
import type { MessagesService } from '../../shared/messages/index.ts';
import { ContractsRepository } from './agreements.repository.ts';
import { ContractsService } from './agreements.service.ts';
import { registerContractDocumentRoutes } from './contract-documents.routes.ts';
import { registerContractRenewalRoutes } from './contract-renewal.routes.ts';
import { shanghaiToday } from './contract-states.ts';
import { registerContractRoutes } from './contracts.routes.ts';
import { registerInstituteCheckRoutes } from './institute-check.routes.ts';
import { registerSupplierBaseRoutes } from './supplier-base.routes.ts';

export { contractedSql, contractedSuppliers, noContractMessage } from './contract-gate.ts';
export type { ContractsService };

/**
 * Supply contracts supplier × institute, their renewal, QR verification and exit forms; the
 * contract gate (contract-gate.ts) the catalog, the cart and order placement ask whether a
 * supplier may sell to an institute.
 */
export async function createContractsModule(
  ctx: AppContext,
  deps: { messages: MessagesService; files: FilesService },
): Promise<Module<{ contracts: ContractsService }>> {
  const contracts = new ContractsService(
    new ContractsRepository(ctx.database.db),
    deps.messages,
    deps.files,
    await serverSecret(ctx.database.db, 'contract_qr_secret'),
  );
  // the gate reads dates at query time; this only tidies statuses and sends the 30-day reminders
  ctx.jobs.define<{ today?: string }>('contracts.daily', async (job) => {
    const today = job.payload?.today ?? shanghaiToday();
    await contracts.expireDue(today);
    await contracts.remindDue(today);
  });
  ctx.jobs.schedule('contracts.daily', '5 0 * * *');
  return {
    services: { contracts },
    register(app) {
      // one registrar per resource; this order keeps the OpenAPI document's order of the routes
      registerContractRoutes(app, contracts);
      registerContractRenewalRoutes(app, contracts);
      registerContractDocumentRoutes(app, contracts);
      registerSupplierBaseRoutes(app, contracts);
      registerInstituteCheckRoutes(app, contracts);
    },
  };
}
