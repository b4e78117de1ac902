import { type MenuPages, menuPage } from '../../../lib/lazy-page.tsx';

/** 用户管理 for the `component` names of the server's menus and modules (app/menu-pages.ts); the login pages through routes.tsx. */
export const menuPages: MenuPages = {
  'system/user': menuPage(() => import('./pages/user-page.tsx'), 'UserPage'),
};
