import { type MenuPages, menuPage } from '../../../lib/lazy-page.tsx';

/** This feature's pages for the `component` names of the server's menus (app/menu-pages.ts). */
export const menuPages: MenuPages = {
  'tech-service/browse': menuPage(() => import('./pages/tech-browse-page.tsx'), 'TechBrowsePage'),
  'tech-service/requests': menuPage(() => import('./pages/tech-requests-page.tsx'), 'TechRequestsPage'),
  'supplier/ts-items': menuPage(() => import('./pages/ts-items-page.tsx'), 'TsItemsPage'),
  'supplier/ts-requests': menuPage(() => import('./pages/ts-requests-page.tsx'), 'TsRequestsPage'),
};
