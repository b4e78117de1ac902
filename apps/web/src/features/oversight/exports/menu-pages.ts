import { type MenuPages, menuPage } from '../../../lib/lazy-page.tsx';

/** This feature's pages for the `component` names of the server's menus (app/menu-pages.ts). */
export const menuPages: MenuPages = {
  'export/records': menuPage(() => import('./pages/export-records-page.tsx'), 'ExportRecordsPage'),
  'system/exports': menuPage(() => import('./pages/export-records-page.tsx'), 'AdminExportRecordsPage'),
  'supplier/exports': menuPage(() => import('./pages/export-records-page.tsx'), 'SupplierExportRecordsPage'),
  'system/order-import': menuPage(() => import('./pages/order-import-page.tsx'), 'OrderImportPage'),
};
