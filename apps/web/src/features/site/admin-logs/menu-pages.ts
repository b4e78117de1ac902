import { type MenuPages, menuPage } from '../../../lib/lazy-page.tsx';

/** 发件箱 and 操作日志 for the `component` names of the server's menus and modules (app/menu-pages.ts). */
export const menuPages: MenuPages = {
  'system/outbox': menuPage(() => import('./pages/outbox-page.tsx'), 'OutboxPage'),
  'system/audit': menuPage(() => import('./pages/audit-page.tsx'), 'AuditPage'),
};
