import * as afterSales from '../features/buying/after-sales/menu-pages.ts';
import * as bids from '../features/buying/bids/menu-pages.ts';
import * as comments from '../features/buying/comments/menu-pages.ts';
import * as complaints from '../features/buying/complaints/menu-pages.ts';
import * as mall from '../features/buying/mall/menu-pages.ts';
import * as orders from '../features/buying/orders/menu-pages.ts';
import * as techServices from '../features/buying/tech-services/menu-pages.ts';
import * as claims from '../features/finance/claims/menu-pages.ts';
import * as invoices from '../features/finance/invoices/menu-pages.ts';
import * as settlement from '../features/finance/settlement/menu-pages.ts';
import * as accountCentre from '../features/identity/account-centre/menu-pages.ts';
import * as apiClients from '../features/identity/api-clients/menu-pages.ts';
import * as org from '../features/identity/org/menu-pages.ts';
import * as rbac from '../features/identity/rbac/menu-pages.ts';
import * as sso from '../features/identity/sso/menu-pages.ts';
import * as uac from '../features/identity/uac/menu-pages.ts';
import * as budget from '../features/ledgers/budget/menu-pages.ts';
import * as inventory from '../features/ledgers/inventory/menu-pages.ts';
import * as statistics from '../features/ledgers/statistics/menu-pages.ts';
import * as exportRecords from '../features/oversight/exports/menu-pages.ts';
import * as warnings from '../features/oversight/warnings/menu-pages.ts';
import * as approvals from '../features/shared/approvals/menu-pages.ts';
import * as dicts from '../features/shared/dicts/menu-pages.ts';
import * as adminLogs from '../features/site/admin-logs/menu-pages.ts';
import * as content from '../features/site/content/menu-pages.ts';
import * as agreements from '../features/supply/agreements/menu-pages.ts';
import * as catalog from '../features/supply/catalog/menu-pages.ts';
import * as deliveryFees from '../features/supply/delivery-fees/menu-pages.ts';
import * as discounts from '../features/supply/discounts/menu-pages.ts';
import * as external from '../features/supply/external/menu-pages.ts';
import * as interfaceExcel from '../features/supply/interface-excel/menu-pages.ts';
import * as qualifications from '../features/supply/qualifications/menu-pages.ts';
import * as shop from '../features/supply/shop/menu-pages.ts';
import * as supplier from '../features/supply/supplier/menu-pages.ts';
import type { MenuPages } from '../lib/lazy-page.tsx';

/**
 * Every feature's pages for the `component` names of the server's menus and modules
 * (features/<context>/<domain>/menu-pages.ts). Only menu-page.tsx reads them, so they load with it, not with the
 * entry. A name without a page here opens the plain "not open yet" notice (unavailable-page.tsx).
 */
export const FEATURE_MENU_PAGES: MenuPages[] = [
  approvals.menuPages,
  dicts.menuPages,
  adminLogs.menuPages,
  content.menuPages,
  budget.menuPages,
  inventory.menuPages,
  statistics.menuPages,
  accountCentre.menuPages,
  apiClients.menuPages,
  org.menuPages,
  rbac.menuPages,
  sso.menuPages,
  uac.menuPages,
  agreements.menuPages,
  catalog.menuPages,
  deliveryFees.menuPages,
  discounts.menuPages,
  external.menuPages,
  interfaceExcel.menuPages,
  qualifications.menuPages,
  shop.menuPages,
  supplier.menuPages,
  afterSales.menuPages,
  bids.menuPages,
  comments.menuPages,
  complaints.menuPages,
  mall.menuPages,
  orders.menuPages,
  techServices.menuPages,
  claims.menuPages,
  invoices.menuPages,
  settlement.menuPages,
  exportRecords.menuPages,
  warnings.menuPages,
];

/** The menu-driven pages of all features by `component` name; a name declared twice is an error. */
export function composeMenuPages(lists: MenuPages[] = FEATURE_MENU_PAGES): MenuPages {
  const all: MenuPages = {};
  for (const pages of lists) {
    for (const [name, page] of Object.entries(pages)) {
      if (all[name]) throw new Error(`menu page ${name} is declared twice`);
      all[name] = page;
    }
  }
  return all;
}
