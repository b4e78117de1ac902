import { type MenuPages, menuPage } from '../../lib/lazy-page.tsx';

/** This feature's pages for the `component` names of the server's menus and modules (app/menu-pages.ts). */
export const menuPages: MenuPages = {
  'system/help': menuPage(() => import('./pages/help-admin-page.tsx'), 'HelpAdminPage'),
  'system/operation-manual': menuPage(() => import('./pages/manual-admin-page.tsx'), 'ManualAdminPage'),
};
