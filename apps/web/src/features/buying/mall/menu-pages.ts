import { type MenuPages, menuPage } from '../../../lib/lazy-page.tsx';

/** This feature's pages for the `component` names of the server's menus and modules (app/menu-pages.ts). */
export const menuPages: MenuPages = {
  'mall/favorites': menuPage(() => import('./pages/favorites-page.tsx'), 'FavoritesPage'),
  'system/buy-tip': menuPage(() => import('./pages/buy-tip-page.tsx'), 'BuyTipPage'),
};
