import { type MenuPages, menuPage } from '../../../lib/lazy-page.tsx';

/** 审批流程 for the `component` names of the server's menus and modules (app/menu-pages.ts). */
export const menuPages: MenuPages = {
  'system/approval-flow': menuPage(() => import('./pages/approval-flow-page.tsx'), 'ApprovalFlowPage'),
};
