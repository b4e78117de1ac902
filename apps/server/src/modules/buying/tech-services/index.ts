import type { AppContext } from '../../../platform/context.ts';
import type { Module } from '../../../platform/module.ts';
import type { ApprovalsService } from '../../shared/approvals/index.ts';
import type { FilesService } from '../../shared/files/index.ts';
import type { MessagesService } from '../../shared/messages/index.ts';
import type { PurchaseEligibility } from '../eligibility/index.ts';
import { registerSupplierTechItemRoutes } from './supplier-tech-items.routes.ts';
import { registerSupplierTechRequestRoutes } from './supplier-tech-requests.routes.ts';
import { registerTechRequestRoutes } from './tech-requests.routes.ts';
import { registerTechServiceCatalogRoutes } from './tech-service-catalog.routes.ts';
import { TechServicesRepository } from './tech-services.repository.ts';
import { TechServicesService } from './tech-services.service.ts';

export type { TechServicesService };

/**
 * 技术服务 (docs/domains/buying.md#tech-services): suppliers' service items with their sample forms, the public list, and
 * buyers' requests from quote to report. The seller check uses the supplier module's login block
 * and the contracts module's gate.
 */
export function createTechServicesModule(
  ctx: AppContext,
  deps: {
    messages: MessagesService;
    approvals: ApprovalsService;
    files: FilesService;
    supplierBlock: (supplierId: number) => Promise<string | null>;
    /** the purchase gates: a service is commissioned only from a supplier that may sell to the institute */
    eligibility: PurchaseEligibility;
  },
): Module<{ techServices: TechServicesService }> {
  const techServices = new TechServicesService(new TechServicesRepository(ctx.database.db), deps);
  return {
    services: { techServices },
    register(app) {
      registerTechServiceCatalogRoutes(app, techServices);
      registerTechRequestRoutes(app, techServices);
      registerSupplierTechItemRoutes(app, techServices);
      registerSupplierTechRequestRoutes(app, techServices);
    },
  };
}
