import type { Transaction } from 'kysely';
import { pageFlagKey } from '../../../platform/auth/access.ts';
import type { AppContext } from '../../../platform/context.ts';
import type { DB } from '../../../platform/db/schema.ts';
import type { Module } from '../../../platform/module.ts';
import type { GrantCardsService } from '../../ledgers/budget/index.ts';
import type { InventoryService } from '../../ledgers/inventory/index.ts';
import type { StatisticsService } from '../../ledgers/statistics/index.ts';
import type { ApprovalsService } from '../../shared/approvals/index.ts';
import type { MessagesService } from '../../shared/messages/index.ts';
import type { ItemStockLedger } from '../../supply/catalog/index.ts';
import type { PurchaseEligibility } from '../eligibility/index.ts';
import type { CheckoutService } from '../mall/index.ts';
import { registerDocumentRoutes } from './documents.routes.ts';
import { ExportRepository } from './export/export.repository.ts';
import { ExportService } from './export/export.service.ts';
import { registerExpressChannelRoutes } from './express-channels.routes.ts';
import { ExpressChannelRepository, ExpressChannelService } from './express-channels.ts';
import { HistoricalOrders } from './historical-orders.ts';
import { OrderRepository } from './order.repository.ts';
import { registerOrderAcceptanceRoutes } from './order-acceptance.routes.ts';
import { registerOrderApprovalRoutes } from './order-approval.routes.ts';
import { registerBuyerOrderActionRoutes } from './order-buyer-actions.routes.ts';
import { registerOrderDetailRoutes } from './order-detail.routes.ts';
import { registerOrderListRoutes } from './order-lists.routes.ts';
import { OrderMovesService } from './order-moves.service.ts';
import { OrderNotices } from './order-notices.ts';
import { OrderQueriesService, type PayStatusOf } from './order-queries.service.ts';
import { PlacementRepository } from './placement/placement.repository.ts';
import { registerPlacementRoutes } from './placement/placement.routes.ts';
import { PlacementService } from './placement/placement.service.ts';
import { PrintRepository } from './print/print.repository.ts';
import { PrintService } from './print/print.service.ts';
import { Refunds } from './refunds.ts';
import { registerSupplierOrderRoutes } from './supplier-orders.routes.ts';

export type { ExportPage, ExportPlan, ExportQuery, ExportService } from './export/export.service.ts';
export { ORDER_SHEET } from './export/order-workbook.ts';
export type { HistoricalOrder, HistoricalOrders } from './historical-orders.ts';
export type { AwardedOrderInput } from './placement/awarded-order.ts';
export { orderNo } from './placement/placement.service.ts';
/** The one refund path (money and stock), for after-sales refunds inside their own transaction. */
export type { PartRefund, Refunds } from './refunds.ts';
export type { OrderMovesService, OrderQueriesService, PlacementService };

export interface OrdersDeps {
  approvals: ApprovalsService;
  messages: MessagesService;
  checkout: CheckoutService;
  /** the order's grant card: chosen and checked at placement, frozen at the final approval, released when sub-orders end unfulfilled */
  grantCards: GrantCardsService;
  /** pay status of sub-orders for the order detail (settlement's `payStatus.ofSubOrders`, above orders) */
  payStatus: PayStatusOf;
  /** the purchase gates every order path passes (modules/buying/eligibility) */
  eligibility: PurchaseEligibility;
  /** the catalog's stock ledger: stock taken at placement, given back when sub-orders end unfulfilled */
  stock: ItemStockLedger;
  /** the lab's stock: accepted goods are stocked in, returned goods leave (ledgers/inventory) */
  inventory: InventoryService;
  /** spend facts: acceptance counts, refunds reverse (ledgers/statistics) */
  statistics: StatisticsService;
}

/** Orders move to another grant card, each sub-order to a line of it (in the caller's transaction). */
export type RebindCard = (trx: Transaction<DB>, move: Parameters<OrderRepository['rebindCard']>[0]) => Promise<void>;

/** Orders from placement to completion: placement, moves, queries, express channels, printing and exports. */
export function createOrdersModule(
  ctx: AppContext,
  deps: OrdersDeps,
): Module<{
  queries: OrderQueriesService;
  placement: PlacementService;
  moves: OrderMovesService;
  exporter: ExportService;
  refunds: Refunds;
  rebindCard: RebindCard;
  history: HistoricalOrders;
}> {
  const db = ctx.database.db;
  const repo = new OrderRepository(db);
  const notices = new OrderNotices(deps.messages, deps.approvals);
  const channels = new ExpressChannelService(new ExpressChannelRepository(db));
  const refunds = new Refunds(deps);
  const moves = new OrderMovesService(repo, deps.approvals, notices, channels, { ...deps, refunds });
  const queries = new OrderQueriesService(repo, deps.approvals, deps.grantCards, deps.payStatus);
  const placement = new PlacementService(new PlacementRepository(db), deps.checkout, deps.approvals, notices, deps.grantCards, deps.eligibility, deps.stock);
  const print = new PrintService(queries, new PrintRepository(db));
  const exporter = new ExportService(queries, new ExportRepository(db), {
    // the page's export flag, as getUserAllInfo reports it (any role granting it is enough): the caller already carries it
    canExport: async (c, permCode) => c.pageFlags.has(pageFlagKey(permCode, 'export')),
  });
  return {
    // placement and moves: for the demo seed (db/seed/demo-orders.ts), which drives orders the way users do
    // exporter: the asynchronous exports (modules/exports) walk the same lists with the same scope
    // refunds: the one refund path, for after-sales inside its own transaction
    // rebindCard: budget's carry-forward (结转) moves orders to the new card in its transaction
    // history: the historical order import (modules/oversight/exports) writes completed orders through it
    services: {
      queries,
      placement,
      moves,
      exporter,
      refunds,
      history: new HistoricalOrders(),
      rebindCard: (trx, move) => new OrderRepository(trx).rebindCard(move),
    },
    register(app) {
      registerPlacementRoutes(app, placement);
      // one registrar per resource; this order keeps the OpenAPI document's order of the routes
      registerOrderListRoutes(app, queries);
      registerOrderApprovalRoutes(app, moves);
      registerBuyerOrderActionRoutes(app, moves);
      registerOrderAcceptanceRoutes(app, moves);
      registerOrderDetailRoutes(app, { moves, queries });
      registerSupplierOrderRoutes(app, { moves, queries });
      registerExpressChannelRoutes(app, channels);
      registerDocumentRoutes(app, { print, exporter });
    },
  };
}
