import { type MenuPages, menuPage } from '../../../lib/lazy-page.tsx';

/** This feature's pages for the `component` names of the server's menus (app/menu-pages.ts). */
export const menuPages: MenuPages = {
  'warning/list': menuPage(() => import('./pages/warnings-page.tsx'), 'WarningsPage'),
  'warning/rules': menuPage(() => import('./pages/warning-rules-page.tsx'), 'WarningRulesPage'),
};
