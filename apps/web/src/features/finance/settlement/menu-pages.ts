import { type MenuPages, menuPage } from '../../../lib/lazy-page.tsx';

/** This feature's pages for the `component` names of the server's menus (app/menu-pages.ts). */
export const menuPages: MenuPages = {
  'settle/statements': menuPage(() => import('./pages/finance-statements-page.tsx'), 'FinanceStatementsPage'),
  'settle/admin': menuPage(() => import('./pages/settle-admin-page.tsx'), 'SettleAdminPage'),
  'supplier/statements': menuPage(() => import('./pages/supplier-statements-page.tsx'), 'SupplierStatementsPage'),
};
