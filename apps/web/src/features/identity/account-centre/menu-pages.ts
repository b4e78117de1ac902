import { type MenuPages, menuPage } from '../../../lib/lazy-page.tsx';

/** 个人中心 and the platform's 用户信息审核 / 用户名审核 for the `component` names of the server's menus (app/menu-pages.ts). */
export const menuPages: MenuPages = {
  'account/personal': menuPage(() => import('./pages/personal-page.tsx'), 'PersonalPage'),
  'system/user-info-review': menuPage(() => import('./pages/review-page.tsx'), 'UserInfoReviewPage'),
  'system/user-name-review': menuPage(() => import('./pages/review-page.tsx'), 'UserNameReviewPage'),
};
