import { type MenuPages, menuPage } from '../../../lib/lazy-page.tsx';

/** This feature's pages for the `component` names of the server's modules (app/menu-pages.ts). */
export const menuPages: MenuPages = {
  'supplier/dept-discount': menuPage(() => import('./pages/discounts-page.tsx'), 'DiscountsPage'),
};
