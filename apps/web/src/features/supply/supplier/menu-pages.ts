import { type MenuPages, menuPage } from '../../../lib/lazy-page.tsx';

/** 子账号管理 (supplier) and 供应商审核 (platform) for the `component` names of the server's menus and modules (app/menu-pages.ts). */
export const menuPages: MenuPages = {
  'supplier/child-user': menuPage(() => import('./pages/child-user-page.tsx'), 'ChildUserPage'),
  'system/supplier-review': menuPage(() => import('./pages/supplier-review-page.tsx'), 'SupplierReviewPage'),
};
