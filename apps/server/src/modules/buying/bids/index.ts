import type { AppContext } from '../../../platform/context.ts';
import type { Module } from '../../../platform/module.ts';
import type { MessagesService } from '../../shared/messages/index.ts';
import type { CheckoutService } from '../mall/index.ts';
import type { PlacementService } from '../orders/index.ts';
import { BidNotices } from './bid-notices.ts';
import { registerBidPrintRoutes } from './bid-print.routes.ts';
import { BidPrintService } from './bid-print.service.ts';
import { registerBidProjectRoutes } from './bid-projects.routes.ts';
import { BidsRepository } from './bids.repository.ts';
import { BidsService, OPEN_JOB, SWEEP_JOB } from './bids.service.ts';
import { registerSupplierBidRoutes } from './supplier-bids.routes.ts';
import { SupplierBidsService } from './supplier-bids.service.ts';

export type { BidsService };

/**
 * 招标采购: sealed bids opened at the deadline by a job (bids.open, enqueued with the change that
 * sets the deadline; bids.sweep every 10 minutes as a catch-all), awarded into an ordinary order.
 */
export function createBidsModule(
  ctx: AppContext,
  deps: { messages: MessagesService; checkout: CheckoutService; placement: PlacementService },
): Module<{ bids: BidsService }> {
  const repo = new BidsRepository(ctx.database.db);
  const bids = new BidsService(repo, new BidNotices(deps.messages), ctx.jobs, deps.checkout, deps.placement);
  const suppliers = new SupplierBidsService(repo);
  const print = new BidPrintService(bids, suppliers);
  ctx.jobs.define<{ projectId: number }>(OPEN_JOB, async (job) => {
    await bids.open(job.payload.projectId);
  });
  ctx.jobs.define(SWEEP_JOB, () => bids.openDue());
  ctx.jobs.schedule(SWEEP_JOB, '*/10 * * * *');
  return {
    // bids: the demo seed (db/seed/demo-bids.ts) publishes, bids and opens through it
    services: { bids },
    register(app) {
      registerBidProjectRoutes(app, bids);
      registerBidPrintRoutes(app, print);
      registerSupplierBidRoutes(app, suppliers);
    },
  };
}
