import { type MenuPages, menuPage } from '../../lib/lazy-page.tsx';

/** This feature's pages for the `component` names of the server's menus and modules (app/menu-pages.ts). */
export const menuPages: MenuPages = {
  'system/dept': menuPage(() => import('./pages/dept-page.tsx'), 'DeptPage'),
  'system/role': menuPage(() => import('./pages/role-page.tsx'), 'RolePage'),
  'system/user': menuPage(() => import('./pages/user-page.tsx'), 'UserPage'),
  'system/outbox': menuPage(() => import('./pages/outbox-page.tsx'), 'OutboxPage'),
  'system/audit': menuPage(() => import('./pages/audit-page.tsx'), 'AuditPage'),
  'system/resource': menuPage(() => import('./pages/resource-page.tsx'), 'ResourcePage'),
  'system/limit': menuPage(() => import('./pages/limit-page.tsx'), 'LimitPage'),
  'system/exp-channel': menuPage(() => import('./pages/express-channel-page.tsx'), 'ExpressChannelPage'),
  'system/approval-flow': menuPage(() => import('./pages/approval-flow-page.tsx'), 'ApprovalFlowPage'),
  'system/buy-tip': menuPage(() => import('./pages/buy-tip-page.tsx'), 'BuyTipPage'),
};
