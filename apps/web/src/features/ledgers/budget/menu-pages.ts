import { type MenuPages, menuPage } from '../../../lib/lazy-page.tsx';

/** This feature's pages for the `component` names of the server's menus (app/menu-pages.ts). */
export const menuPages: MenuPages = {
  'budget/grant-cards': menuPage(() => import('./pages/grant-cards-page.tsx'), 'GrantCardsPage'),
};
