import { type MenuPages, menuPage } from '../../../lib/lazy-page.tsx';

/** This feature's pages for the `component` names of the server's menus (app/menu-pages.ts). */
export const menuPages: MenuPages = {
  'bid/projects': menuPage(() => import('./pages/bid-projects-page.tsx'), 'BidProjectsPage'),
  'supplier/bids': menuPage(() => import('./pages/supplier-bids-page.tsx'), 'SupplierBidsPage'),
};
