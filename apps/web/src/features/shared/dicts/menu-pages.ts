import { type MenuPages, menuPage } from '../../lib/lazy-page.tsx';

/** This feature's pages for the `component` names of the server's menus (app/menu-pages.ts). */
export const menuPages: MenuPages = {
  'system/dict': menuPage(() => import('./pages/dict-page.tsx'), 'DictPage'),
  'system/dict-config': menuPage(() => import('./pages/dict-config-page.tsx'), 'DictConfigPage'),
  'system/user-info-review': menuPage(() => import('./pages/review-page.tsx'), 'UserInfoReviewPage'),
  'system/user-name-review': menuPage(() => import('./pages/review-page.tsx'), 'UserNameReviewPage'),
  'system/app-config': menuPage(() => import('./pages/app-config-page.tsx'), 'AppConfigPage'),
};
