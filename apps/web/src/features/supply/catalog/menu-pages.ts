import { type MenuPages, menuPage } from '../../../lib/lazy-page.tsx';

/** 商品审核 (platform) and 商品管理 (supplier) for the `component` names of the server's menus and modules (app/menu-pages.ts). */
export const menuPages: MenuPages = {
  'system/item-review': menuPage(() => import('./pages/item-review-page.tsx'), 'ItemReviewPage'),
  'supplier/item': menuPage(() => import('./pages/supplier-items-page.tsx'), 'SupplierItemsPage'),
};
