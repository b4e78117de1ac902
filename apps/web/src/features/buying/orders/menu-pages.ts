import { type MenuPages, menuPage } from '../../../lib/lazy-page.tsx';

/** 快递渠道 for the `component` names of the server's menus and modules (app/menu-pages.ts); the order pages through routes.tsx. */
export const menuPages: MenuPages = {
  'system/exp-channel': menuPage(() => import('./pages/express-channel-page.tsx'), 'ExpressChannelPage'),
};
