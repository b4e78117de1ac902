import { type MenuPages, menuPage } from '../../../lib/lazy-page.tsx';

/** 售后 pages (buyer, supplier) for the server's menu `component` names (app/menu-pages.ts). */
export const menuPages: MenuPages = {
  'aftersale/my': menuPage(() => import('./pages/my-after-sales-page.tsx'), 'MyAfterSalesPage'),
  'supplier/after-sales': menuPage(() => import('./pages/supplier-after-sales-page.tsx'), 'SupplierAfterSalesPage'),
};
