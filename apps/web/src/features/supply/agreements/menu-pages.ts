import { type MenuPages, menuPage } from '../../../lib/lazy-page.tsx';

/** This feature's pages for the `component` names of the server's menus and modules (app/menu-pages.ts). */
export const menuPages: MenuPages = {
  'supplier/contract': menuPage(() => import('./pages/supplier-contracts-page.tsx'), 'SupplierContractsPage'),
  'system/contract-review': menuPage(() => import('./pages/contract-review-page.tsx'), 'ContractReviewPage'),
};
