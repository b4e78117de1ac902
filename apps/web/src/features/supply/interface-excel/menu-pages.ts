import { type MenuPages, menuPage } from '../../../lib/lazy-page.tsx';

/** 接口数据 on the platform side (系统管理) and the supplier side (app/menu-pages.ts). */
export const menuPages: MenuPages = {
  'system/interface-data': menuPage(() => import('./pages/interface-data-page.tsx'), 'InterfaceDataPage'),
  'supplier/interface-data': menuPage(() => import('./pages/interface-data-page.tsx'), 'InterfaceDataPage'),
};
