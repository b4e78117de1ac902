import { type MenuPages, menuPage } from '../../../lib/lazy-page.tsx';

/** 系统管理 › 接口客户端 (app/menu-pages.ts). */
export const menuPages: MenuPages = {
  'system/api-client': menuPage(() => import('./pages/api-client-page.tsx'), 'ApiClientPage'),
};
