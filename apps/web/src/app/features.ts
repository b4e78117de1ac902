import * as mall from '../features/buying/mall/routes.tsx';
import * as orders from '../features/buying/orders/routes.tsx';
import * as claims from '../features/finance/claims/routes.tsx';
import * as accountCentre from '../features/identity/account-centre/routes.tsx';
import * as sso from '../features/identity/sso/routes.tsx';
import * as uac from '../features/identity/uac/routes.tsx';
import * as inventory from '../features/ledgers/inventory/routes.tsx';
import * as content from '../features/site/content/routes.tsx';
import * as supplier from '../features/supply/supplier/routes.tsx';
import * as dashboard from '../features/workspace/dashboard/routes.tsx';
import * as exception from '../features/workspace/exception/routes.tsx';
import * as publicSite from '../features/workspace/public/routes.tsx';
import type { FeatureRoutes } from '../lib/lazy-page.tsx';

/**
 * Every feature's static routes (features/<context>/<domain>/routes.tsx), in the order the router mounts them
 * (routes.tsx). The entry imports these files, so they hold lazy loaders only (bench:web); pages
 * opened through the server's menus are declared in features/<context>/<domain>/menu-pages.ts (menu-pages.ts).
 */
export const FEATURE_ROUTES: FeatureRoutes[] = [
  orders.routes,
  claims.routes,
  inventory.routes,
  mall.routes,
  dashboard.routes,
  uac.routes,
  accountCentre.routes,
  supplier.routes,
  publicSite.routes,
  content.routes,
  sso.routes,
  exception.routes,
];
