import { type MenuPages, menuPage } from '../../../lib/lazy-page.tsx';

/** This feature's pages for the `component` names of the server's menus (app/menu-pages.ts). */
export const menuPages: MenuPages = {
  'inventory/containers': menuPage(() => import('./pages/containers-page.tsx'), 'ContainersPage'),
  'inventory/stocktakes': menuPage(() => import('./pages/stocktakes-page.tsx'), 'StocktakesPage'),
  'inventory/locations': menuPage(() => import('./pages/locations-page.tsx'), 'LocationsPage'),
};
