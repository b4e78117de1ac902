import type { AppContext } from '../../../platform/context.ts';
import type { Module } from '../../../platform/module.ts';
import type { FilesService } from '../../shared/files/index.ts';
import type { MessagesService } from '../../shared/messages/index.ts';
import type { Refunds } from '../orders/index.ts';
import { AfterSalesRepository } from './after-sales.repository.ts';
import { registerAfterSaleRoutes } from './after-sales.routes.ts';
import { AfterSalesService } from './after-sales.service.ts';
import { registerSupplierAfterSaleRoutes } from './supplier-after-sales.routes.ts';

export type { AfterSalesService };

/** 售后: the buyer's requests with photos on delivered goods, the supplier's handling (issue 14 §5). */
export function createAfterSalesModule(
  ctx: AppContext,
  deps: { files: FilesService; messages: MessagesService; refunds: Refunds },
): Module<{ afterSales: AfterSalesService }> {
  const afterSales = new AfterSalesService(new AfterSalesRepository(ctx.database.db), deps.files, deps.messages, deps.refunds);
  return {
    services: { afterSales },
    // the buyer's registrar, then the supplier's: this order keeps the OpenAPI document's order of the routes
    register: (app) => {
      registerAfterSaleRoutes(app, afterSales);
      registerSupplierAfterSaleRoutes(app, afterSales);
    },
  };
}
