import { type MenuPages, menuPage } from '../../lib/lazy-page.tsx';

/** This feature's pages for the `component` names of the server's modules (app/menu-pages.ts). */
export const menuPages: MenuPages = {
  'supplier/child-user': menuPage(() => import('./pages/child-user-page.tsx'), 'ChildUserPage'),
};
