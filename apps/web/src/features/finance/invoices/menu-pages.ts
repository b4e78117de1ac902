import { type MenuPages, menuPage } from '../../../lib/lazy-page.tsx';

/** This feature's pages for the `component` names of the server's menus and modules (app/menu-pages.ts). */
export const menuPages: MenuPages = {
  'supplier/invoice': menuPage(() => import('./pages/supplier-invoices-page.tsx'), 'SupplierInvoicesPage'),
};
