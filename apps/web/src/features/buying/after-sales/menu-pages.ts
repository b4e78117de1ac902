import { type MenuPages, menuPage } from '../../lib/lazy-page.tsx';

/** 售后, 投诉 and 评价 pages for the server's menu `component` names (app/menu-pages.ts). */
export const menuPages: MenuPages = {
  'aftersale/my': menuPage(() => import('./pages/my-after-sales-page.tsx'), 'MyAfterSalesPage'),
  'supplier/after-sales': menuPage(() => import('./pages/supplier-after-sales-page.tsx'), 'SupplierAfterSalesPage'),
  'complaint/my': menuPage(() => import('./pages/complaints-page.tsx'), 'MyComplaintsPage'),
  'system/complaints': menuPage(() => import('./pages/complaints-page.tsx'), 'AdminComplaintsPage'),
  'supplier/complaints': menuPage(() => import('./pages/complaints-page.tsx'), 'SupplierComplaintsPage'),
  'comment/my': menuPage(() => import('./pages/comments-page.tsx'), 'MyCommentsPage'),
  'system/comments': menuPage(() => import('./pages/comments-page.tsx'), 'AdminCommentsPage'),
  'supplier/comments': menuPage(() => import('./pages/comments-page.tsx'), 'SupplierCommentsPage'),
};
