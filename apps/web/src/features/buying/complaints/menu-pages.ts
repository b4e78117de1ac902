import { type MenuPages, menuPage } from '../../../lib/lazy-page.tsx';

/** 投诉 pages (buyer, platform, supplier) for the server's menu `component` names (app/menu-pages.ts). */
export const menuPages: MenuPages = {
  'complaint/my': menuPage(() => import('./pages/complaints-page.tsx'), 'MyComplaintsPage'),
  'system/complaints': menuPage(() => import('./pages/complaints-page.tsx'), 'AdminComplaintsPage'),
  'supplier/complaints': menuPage(() => import('./pages/complaints-page.tsx'), 'SupplierComplaintsPage'),
};
