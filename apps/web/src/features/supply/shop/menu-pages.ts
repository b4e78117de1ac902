import { type MenuPages, menuPage } from '../../../lib/lazy-page.tsx';

/** This feature's pages for the `component` names of the server's menus and modules (app/menu-pages.ts). */
export const menuPages: MenuPages = {
  'supplier/shop': menuPage(() => import('./pages/shop-manage-page.tsx'), 'ShopManagePage'),
  'system/shop-review': menuPage(() => import('./pages/shop-review-page.tsx'), 'ShopReviewPage'),
};
