import { type MenuPages, menuPage } from '../../../lib/lazy-page.tsx';

/** 角色管理 and 资源管理 for the `component` names of the server's menus and modules (app/menu-pages.ts). */
export const menuPages: MenuPages = {
  'system/role': menuPage(() => import('./pages/role-page.tsx'), 'RolePage'),
  'system/resource': menuPage(() => import('./pages/resource-page.tsx'), 'ResourcePage'),
};
