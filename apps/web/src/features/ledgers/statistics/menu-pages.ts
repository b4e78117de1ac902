import { type MenuPages, menuPage } from '../../../lib/lazy-page.tsx';

/** This feature's pages for the `component` names of the server's menus (app/menu-pages.ts); ECharts loads with the page, never with the entry. */
export const menuPages: MenuPages = {
  'statistics/index': menuPage(() => import('./pages/statistics-page.tsx'), 'StatisticsPage'),
};
