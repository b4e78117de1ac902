import { type MenuPages, menuPage } from '../../../lib/lazy-page.tsx';

/** 系统管理 › 单点登录 (app/menu-pages.ts). */
export const menuPages: MenuPages = {
  'system/sso': menuPage(() => import('./pages/sso-admin-page.tsx'), 'SsoAdminPage'),
};
