/**
 * Supplier invoices (发票) and the three-way match of sub-orders (ordered → accepted → invoiced).
 * Other modules (claims, statements) ask `matchOf` which sub-orders are billed and how; the session
 * asks `terms` for the institute's invoice and pay terms.
 */
import type { PayStatus } from '@kc/contracts/finance/settlement';
import type { AppContext } from '../../../platform/context.ts';
import type { Module } from '../../../platform/module.ts';
import type { OrderQueriesService } from '../../buying/orders/index.ts';
import type { ApprovalsService } from '../../shared/approvals/index.ts';
import type { DictsService } from '../../shared/dicts/index.ts';
import type { FilesService } from '../../shared/files/index.ts';
import type { MessagesService } from '../../shared/messages/index.ts';
import { registerInvoiceSettingRoutes } from './invoice-settings.routes.ts';
import { InvoicesRepository } from './invoices.repository.ts';
import { registerInvoiceRoutes } from './invoices.routes.ts';
import { InvoicesService } from './invoices.service.ts';
import { registerSupplierInvoiceRoutes } from './supplier-invoices.routes.ts';

/**
 * Claims take and release invoices and read the match inside their own transactions through
 * `invoices.within(trx)` (InvoiceMoves); markInvoicesClaimed and matchOf stay for callers holding
 * only a transaction or the database (warnings, tests).
 */
export { type InvoiceMoves, markInvoicesClaimed } from './invoice-moves.ts';
export { matchOf } from './match.repository.ts';
export { computeMatch, deliveryBucket, type MatchInput } from './match.ts';
export type { InvoicesService };

export function createInvoicesModule(
  ctx: AppContext,
  deps: {
    files: FilesService;
    messages: MessagesService;
    orders: OrderQueriesService;
    approvals: ApprovalsService;
    dicts: DictsService;
    /** pay status per invoice: settlement's reader (settlement sits above invoices) */
    payStatus: (invoiceIds: readonly number[]) => Promise<Map<number, PayStatus>>;
  },
): Module<{ invoices: InvoicesService }> {
  const invoices = new InvoicesService(new InvoicesRepository(ctx.database.db), { ...deps, invalidateSessions: () => ctx.callers.invalidate() });
  // reminders at N−3 days and on day N after acceptance, each sent once (invoice_reminder)
  ctx.jobs.define<{ today?: string }>('invoices.remind', async (job) => {
    await invoices.remindDue(job.payload?.today);
  });
  ctx.jobs.schedule('invoices.remind', '0 9 * * *');
  return {
    services: { invoices },
    // one registrar per resource; this order keeps the OpenAPI document's order of the routes
    register: (app) => {
      registerSupplierInvoiceRoutes(app, invoices);
      registerInvoiceSettingRoutes(app, invoices);
      registerInvoiceRoutes(app, invoices);
    },
  };
}
