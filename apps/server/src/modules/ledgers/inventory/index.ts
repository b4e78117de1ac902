import type { AppContext } from '../../../platform/context.ts';
import type { Module } from '../../../platform/module.ts';
import { registerContainerRoutes } from './containers.routes.ts';
import { InventoryRepository } from './inventory.repository.ts';
import { InventoryService } from './inventory.service.ts';
import { registerInventoryDocumentRoutes } from './inventory-documents.routes.ts';
import { registerLocationRoutes } from './locations.routes.ts';
import { registerStockOutRoutes } from './stock-out.routes.ts';
import { registerStocktakeRoutes } from './stocktakes.routes.ts';

/**
 * Stock-in at acceptance, called by orders inside its own transaction when a sub-order completes:
 * one container per accepted unit, lot and expiry from the supplier's shipment, a 入库单; and
 * returnContainers when an after-sales return takes goods back to the supplier. Callers reach them
 * as `inventory.within(trx).…` (StockMoves); the free functions stay for callers not yet moved over.
 */
export { packOf, returnContainers, stockInSubOrder } from './stock-ledger.ts';
export type { StockMoves } from './stock-moves.ts';
export type { InventoryService };

/** 库存 (docs/domains/ledgers.md#inventory): containers, the append-only ledger, 领用, labels and slips, stocktakes, locations. */
export function createInventoryModule(ctx: AppContext): Module<{ inventory: InventoryService }> {
  const inventory = new InventoryService(new InventoryRepository(ctx.database.db));
  return {
    services: { inventory },
    // one registrar per resource under /mall/v1/inventory; this order keeps the OpenAPI document's order of the routes
    register: (app) => {
      registerContainerRoutes(app, inventory);
      registerStockOutRoutes(app, inventory);
      registerInventoryDocumentRoutes(app, inventory);
      registerLocationRoutes(app, inventory);
      registerStocktakeRoutes(app, inventory);
    },
  };
}
