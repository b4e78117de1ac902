import { type MenuPages, menuPage } from '../../lib/lazy-page.tsx';

/** This feature's pages for the `component` names of the server's menus and modules (app/menu-pages.ts). */
export const menuPages: MenuPages = {
  'system/dept': menuPage(() => import('./pages/dept-page.tsx'), 'DeptPage'),
  'system/role': menuPage(() => import('./pages/role-page.tsx'), 'RolePage'),
  'system/user': menuPage(() => import('./pages/user-page.tsx'), 'UserPage'),
  'system/outbox': menuPage(() => import('./pages/outbox-page.tsx'), 'OutboxPage'),
  'system/audit': menuPage(() => import('./pages/audit-page.tsx'), 'AuditPage'),
};
