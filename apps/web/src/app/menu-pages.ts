import * as account from '../features/account/menu-pages.ts';
import * as afterSales from '../features/after-sales/menu-pages.ts';
import * as bids from '../features/bids/menu-pages.ts';
import * as budget from '../features/budget/menu-pages.ts';
import * as claims from '../features/claims/menu-pages.ts';
import * as deliveryFees from '../features/delivery-fees/menu-pages.ts';
import * as dicts from '../features/dicts/menu-pages.ts';
import * as exportRecords from '../features/exports/menu-pages.ts';
import * as external from '../features/external/menu-pages.ts';
import * as help from '../features/help/menu-pages.ts';
import * as interfaceData from '../features/interface-data/menu-pages.ts';
import * as inventory from '../features/inventory/menu-pages.ts';
import * as invoices from '../features/invoices/menu-pages.ts';
import * as itemReview from '../features/item-review/menu-pages.ts';
import * as mall from '../features/mall/menu-pages.ts';
import * as notice from '../features/notice/menu-pages.ts';
import * as pageConfig from '../features/page-config/menu-pages.ts';
import * as settlement from '../features/settlement/menu-pages.ts';
import * as shopContent from '../features/shop-content/menu-pages.ts';
import * as sso from '../features/sso/menu-pages.ts';
import * as statistics from '../features/statistics/menu-pages.ts';
import * as supplierAccounts from '../features/supplier-accounts/menu-pages.ts';
import * as supplierContracts from '../features/supplier-contracts/menu-pages.ts';
import * as supplierDiscounts from '../features/supplier-discounts/menu-pages.ts';
import * as supplierItems from '../features/supplier-items/menu-pages.ts';
import * as supplierQualifications from '../features/supplier-qualifications/menu-pages.ts';
import * as supplierRegistration from '../features/supplier-registration/menu-pages.ts';
import * as system from '../features/system/menu-pages.ts';
import * as techServices from '../features/tech-services/menu-pages.ts';
import * as warnings from '../features/warnings/menu-pages.ts';
import type { MenuPages } from '../lib/lazy-page.tsx';

/**
 * Every feature's pages for the `component` names of the server's menus and modules
 * (features/<f>/menu-pages.ts). Only menu-page.tsx reads them, so they load with it, not with the
 * entry. A name without a page here opens the plain "not open yet" notice (unavailable-page.tsx).
 */
export const FEATURE_MENU_PAGES: MenuPages[] = [
  account.menuPages,
  dicts.menuPages,
  mall.menuPages,
  supplierRegistration.menuPages,
  supplierAccounts.menuPages,
  supplierItems.menuPages,
  supplierContracts.menuPages,
  itemReview.menuPages,
  supplierQualifications.menuPages,
  deliveryFees.menuPages,
  supplierDiscounts.menuPages,
  invoices.menuPages,
  notice.menuPages,
  pageConfig.menuPages,
  help.menuPages,
  sso.menuPages,
  external.menuPages,
  interfaceData.menuPages,
  shopContent.menuPages,
  system.menuPages,
  claims.menuPages,
  settlement.menuPages,
  budget.menuPages,
  inventory.menuPages,
  bids.menuPages,
  exportRecords.menuPages,
  techServices.menuPages,
  warnings.menuPages,
  statistics.menuPages,
  afterSales.menuPages,
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
