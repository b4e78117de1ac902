import { type MenuPages, menuPage } from '../../../lib/lazy-page.tsx';

/** 系统管理 › 外部接口 (app/menu-pages.ts). */
export const menuPages: MenuPages = {
  'system/external-interface': menuPage(() => import('./pages/external-interface-page.tsx'), 'ExternalInterfacePage'),
};
