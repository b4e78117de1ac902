import { type MenuPages, menuPage } from '../../../lib/lazy-page.tsx';

/** 评价 pages (buyer, platform, supplier) for the server's menu `component` names (app/menu-pages.ts). */
export const menuPages: MenuPages = {
  'comment/my': menuPage(() => import('./pages/comments-page.tsx'), 'MyCommentsPage'),
  'system/comments': menuPage(() => import('./pages/comments-page.tsx'), 'AdminCommentsPage'),
  'supplier/comments': menuPage(() => import('./pages/comments-page.tsx'), 'SupplierCommentsPage'),
};
