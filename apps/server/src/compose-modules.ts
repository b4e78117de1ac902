import { createAfterSalesModule } from './modules/buying/after-sales/index.ts';
import { createBidsModule } from './modules/buying/bids/index.ts';
import { createCommentsModule } from './modules/buying/comments/index.ts';
import { createComplaintsModule } from './modules/buying/complaints/index.ts';
import { catalogGates, createEligibilityModule } from './modules/buying/eligibility/index.ts';
import { createMallModule } from './modules/buying/mall/index.ts';
import { createOrdersModule } from './modules/buying/orders/index.ts';
import { createTechServicesModule } from './modules/buying/tech-services/index.ts';
import { createClaimsModule } from './modules/finance/claims/index.ts';
import { createInvoicesModule } from './modules/finance/invoices/index.ts';
import { createSettlementModule } from './modules/finance/settlement/index.ts';
import { createAccountCentreModule } from './modules/identity/account-centre/index.ts';
import { createApiClientsModule } from './modules/identity/api-clients/index.ts';
import { createOrgModule } from './modules/identity/org/index.ts';
import { createRbacModule } from './modules/identity/rbac/index.ts';
import { createSsoModule } from './modules/identity/sso/index.ts';
import { createUacModule } from './modules/identity/uac/index.ts';
import { createBudgetModule } from './modules/ledgers/budget/index.ts';
import { createInventoryModule } from './modules/ledgers/inventory/index.ts';
import { createStatisticsModule } from './modules/ledgers/statistics/index.ts';
import { createExportsModule } from './modules/oversight/exports/index.ts';
import { createWarningsModule } from './modules/oversight/warnings/index.ts';
import { createApprovalsModule } from './modules/shared/approvals/index.ts';
import { createDictsModule } from './modules/shared/dicts/index.ts';
import { createFilesModule } from './modules/shared/files/index.ts';
import { createMessagesModule } from './modules/shared/messages/index.ts';
import { createAdminLogsModule } from './modules/site/admin-logs/index.ts';
import { createContentModule } from './modules/site/content/index.ts';
import { createContractsModule } from './modules/supply/agreements/index.ts';
import { createCatalogModule } from './modules/supply/catalog/index.ts';
import { createDeliveryFeesModule } from './modules/supply/delivery-fees/index.ts';
import { createDiscountsModule } from './modules/supply/discounts/index.ts';
import { createExternalModule } from './modules/supply/external/index.ts';
import { createInterfaceExcelModule } from './modules/supply/interface-excel/index.ts';
import { createPicturesModule } from './modules/supply/pictures/index.ts';
import { createQualificationsModule } from './modules/supply/qualifications/index.ts';
import { createShopModule } from './modules/supply/shop/index.ts';
import { createSupplierModule } from './modules/supply/supplier/index.ts';
import type { AppContext } from './platform/context.ts';
import type { ApiClients } from './platform/http/api-clients.ts';

/**
 * Every module, created in dependency order: each gets only the services it uses from the ones
 * before it (down the domain map), and the ports listed in docs/ARCHITECTURE.md ("领域地图") for
 * the few answers a lower module needs from a higher one (closures: called after all exist). The
 * list is registered in this order; `services` are what the demo seed drives.
 */
export async function composeModules(ctx: AppContext, clients: ApiClients) {
  const files = await createFilesModule(ctx);
  const messages = createMessagesModule(ctx);
  const contracts = await createContractsModule(ctx, { messages: messages.services.messages, files: files.services.files });
  const rbac = createRbacModule(ctx);
  const dicts = createDictsModule(ctx);
  const org = createOrgModule(ctx);
  const uac = createUacModule(ctx, {
    ...org.services,
    rbac: rbac.services.access,
    userRoles: rbac.services.userRoles,
    // the supplier module is created below (it opens its accounts through uac): read per login
    supplierLoginBlock: (id) => supplier.services.loginBlockReason(id),
    supplierContract: (id) => contracts.services.contracts.sessionState(id),
    // called per request, after the invoices module below exists
    invoiceTerms: (instituteId) => invoices.services.invoices.terms(instituteId),
  });
  const supplier = createSupplierModule(ctx, { files: files.services.files, accounts: uac.services.accounts, userRoles: rbac.services.userRoles });
  const approvals = createApprovalsModule(ctx);
  // the purchase gates: every list of goods and every order path asks this one seam
  const eligibility = createEligibilityModule(ctx).services.eligibility;
  const mall = createMallModule(ctx, { eligibility });
  const budget = createBudgetModule(ctx, {
    approvals: approvals.services.approvals,
    dicts: dicts.services.dicts,
    // orders are created below and sit above the ledgers: a carry-forward moves their rows through this port
    rebindOrders: (trx, move) => orders.services.rebindCard(trx, move),
  });
  const inventory = createInventoryModule(ctx);
  const statistics = createStatisticsModule(ctx);
  const catalog = createCatalogModule(ctx, {
    files: files.services.files,
    dicts: dicts.services.dicts,
    // catalog sits below the seam: search reads the gates' SQL forms through this port
    gates: catalogGates,
    // shop moves items through catalog (created next): its showcase is read per call through this port
    showcase: (shopId) => shop.services.showcase(shopId),
  });
  const shop = createShopModule(ctx, { files: files.services.files, messages: messages.services.messages, sections: catalog.services.sections });
  const orders = createOrdersModule(ctx, {
    approvals: approvals.services.approvals,
    messages: messages.services.messages,
    checkout: mall.services.checkout,
    grantCards: budget.services.grantCards,
    eligibility,
    stock: catalog.services.stock,
    inventory: inventory.services.inventory,
    statistics: statistics.services.statistics,
    // settlement is created below and sits above orders: read through this port, per call
    payStatus: (ids) => settlement.services.payStatus.ofSubOrders(ids),
  });
  const invoices = createInvoicesModule(ctx, {
    files: files.services.files,
    messages: messages.services.messages,
    orders: orders.services.queries,
    approvals: approvals.services.approvals,
    dicts: dicts.services.dicts,
    payStatus: (ids) => settlement.services.payStatus.ofInvoices(ids),
  });
  const claims = await createClaimsModule(ctx, {
    approvals: approvals.services.approvals,
    messages: messages.services.messages,
    files: files.services.files,
    invoices: invoices.services.invoices,
    grantCards: budget.services.grantCards,
  });
  const warnings = createWarningsModule(ctx, { messages: messages.services.messages, approvals: approvals.services.approvals, dicts: dicts.services.dicts });
  const bids = createBidsModule(ctx, { messages: messages.services.messages, checkout: mall.services.checkout, placement: orders.services.placement });
  const settlement = createSettlementModule(ctx, {
    messages: messages.services.messages,
    approvals: approvals.services.approvals,
    invoices: invoices.services.invoices,
    grantCards: budget.services.grantCards,
  });
  const content = createContentModule(ctx, { files: files.services.files });
  const exportsModule = createExportsModule(ctx, {
    exporter: orders.services.exporter,
    files: files.services.files,
    approvals: approvals.services.approvals,
    statistics: statistics.services.statistics,
    history: orders.services.history,
  });
  const afterSales = createAfterSalesModule(ctx, { files: files.services.files, messages: messages.services.messages, refunds: orders.services.refunds });
  const complaints = createComplaintsModule(ctx, { files: files.services.files, messages: messages.services.messages });
  const comments = createCommentsModule(ctx, { messages: messages.services.messages });
  const modules = [
    budget,
    dicts,
    inventory,
    uac,
    createAccountCentreModule(ctx, { accounts: uac.services.accounts }),
    org,
    rbac,
    createAdminLogsModule(ctx),
    files,
    content,
    createSsoModule(ctx, { login: uac.services.trustedLogin, policies: content.services.policies }),
    createExternalModule(ctx),
    createApiClientsModule(ctx, { clients }),
    supplier,
    contracts,
    mall,
    approvals,
    messages,
    orders,
    invoices,
    claims,
    settlement,
    statistics,
    bids,
    afterSales,
    complaints,
    comments,
    catalog,
    createPicturesModule(ctx),
    createQualificationsModule(ctx, { files: files.services.files, messages: messages.services.messages, dicts: dicts.services.dicts }),
    createDeliveryFeesModule(ctx),
    createDiscountsModule(ctx),
    createInterfaceExcelModule(ctx),
    shop,
    exportsModule,
    createTechServicesModule(ctx, {
      messages: messages.services.messages,
      approvals: approvals.services.approvals,
      files: files.services.files,
      supplierBlock: supplier.services.loginBlockReason,
      eligibility,
    }),
    warnings,
  ];
  return {
    modules,
    services: {
      orders: orders.services,
      inventory: inventory.services.inventory,
      invoices: invoices.services.invoices,
      claims: claims.services.claims,
      statements: settlement.services.statements,
      warnings: warnings.services.warnings,
      feedback: { ...afterSales.services, ...complaints.services, ...comments.services },
      history: exportsModule.services,
      files: files.services.files,
    },
  };
}

export type ComposedServices = Awaited<ReturnType<typeof composeModules>>['services'];
