import { type MenuPages, menuPage } from '../../../lib/lazy-page.tsx';

/** 字典管理 and 研究所字典配置 for the `component` names of the server's menus (app/menu-pages.ts). */
export const menuPages: MenuPages = {
  'system/dict': menuPage(() => import('./pages/dict-page.tsx'), 'DictPage'),
  'system/dict-config': menuPage(() => import('./pages/dict-config-page.tsx'), 'DictConfigPage'),
};
