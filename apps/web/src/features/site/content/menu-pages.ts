import { type MenuPages, menuPage } from '../../../lib/lazy-page.tsx';

/** 公告, 页面配置, App 配置, 帮助中心 and 操作手册 admin pages for the `component` names of the server's menus and modules (app/menu-pages.ts). */
export const menuPages: MenuPages = {
  'system/notice': menuPage(() => import('./pages/notice-admin-page.tsx'), 'NoticeAdminPage'),
  'system/page-config': menuPage(() => import('./pages/page-config-admin-page.tsx'), 'PageConfigAdminPage'),
  'system/app-config': menuPage(() => import('./pages/app-config-page.tsx'), 'AppConfigPage'),
  'system/help': menuPage(() => import('./pages/help-admin-page.tsx'), 'HelpAdminPage'),
  'system/operation-manual': menuPage(() => import('./pages/manual-admin-page.tsx'), 'ManualAdminPage'),
};
