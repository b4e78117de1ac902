import { type MenuPages, menuPage } from '../../lib/lazy-page.tsx';

/** This feature's pages for the `component` names of the server's menus and modules (app/menu-pages.ts). */
export const menuPages: MenuPages = {
  'system/supplier-review': menuPage(() => import('./pages/supplier-review-page.tsx'), 'SupplierReviewPage'),
};
