import { type MenuPages, menuPage } from '../../lib/lazy-page.tsx';

/** This feature's pages for the `component` names of the server's menus and modules (app/menu-pages.ts). */
export const menuPages: MenuPages = {
  'system/page-config': menuPage(() => import('./pages/page-config-admin-page.tsx'), 'PageConfigAdminPage'),
};
