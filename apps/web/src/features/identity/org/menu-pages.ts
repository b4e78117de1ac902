import { type MenuPages, menuPage } from '../../../lib/lazy-page.tsx';

/** 部门管理 and 数量限制 for the `component` names of the server's menus and modules (app/menu-pages.ts). */
export const menuPages: MenuPages = {
  'system/dept': menuPage(() => import('./pages/dept-page.tsx'), 'DeptPage'),
  'system/limit': menuPage(() => import('./pages/limit-page.tsx'), 'LimitPage'),
};
