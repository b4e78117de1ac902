import * as account from '../features/account/routes.tsx';
import * as auth from '../features/auth/routes.tsx';
import * as claims from '../features/claims/routes.tsx';
import * as dashboard from '../features/dashboard/routes.tsx';
import * as exception from '../features/exception/routes.tsx';
import * as help from '../features/help/routes.tsx';
import * as inventory from '../features/inventory/routes.tsx';
import * as mall from '../features/mall/routes.tsx';
import * as notice from '../features/notice/routes.tsx';
import * as orders from '../features/orders/routes.tsx';
import * as publicSite from '../features/public/routes.tsx';
import * as sso from '../features/sso/routes.tsx';
import * as supplierOrders from '../features/supplier-orders/routes.tsx';
import * as supplierRegistration from '../features/supplier-registration/routes.tsx';
import type { FeatureRoutes } from '../lib/lazy-page.tsx';

/**
 * Every feature's static routes (features/<f>/routes.tsx), in the order the router mounts them
 * (routes.tsx). The entry imports these files, so they hold lazy loaders only (bench:web); pages
 * opened through the server's menus are declared in features/<f>/menu-pages.ts (menu-pages.ts).
 */
export const FEATURE_ROUTES: FeatureRoutes[] = [
  orders.routes,
  supplierOrders.routes,
  claims.routes,
  inventory.routes,
  mall.routes,
  dashboard.routes,
  auth.routes,
  account.routes,
  supplierRegistration.routes,
  publicSite.routes,
  notice.routes,
  help.routes,
  sso.routes,
  exception.routes,
];
