import { Navigate, type RouteObject } from 'react-router';
import { notFound } from '../features/workspace/exception/routes.tsx';
import { printFrame } from '../features/workspace/print/routes.tsx';
import { page } from '../lib/lazy-page.tsx';
import { BUYER_HOME, SUPPLIER_HOME } from '../lib/session.ts';
import { FEATURE_ROUTES } from './features.ts';
import { guardLoader, type RouteHandle } from './guard-loader.ts';
import { frames, printLayout } from './lazy-route.tsx';
import { PageLoading } from './page-loading.tsx';
import { RootLayout } from './root-layout.tsx';
import { RouteErrorPage } from './route-error-page.tsx';
import { SPEC_ROUTES } from './spec-routes.ts';

const handle = (h: RouteHandle): RouteHandle => h;

const PRINT_PATHS = SPEC_ROUTES.filter((r) => r.kind === 'print').map((r) => r.path);
const menuPage = page(() => import('./menu-page.tsx'), 'MenuPage');

/**
 * A side whose pages come from the server's menus (1) or modules (2), under the top-menu layout:
 * its root goes to the dashboard, and any other path opens the menu entry's page (menu-page.tsx).
 * Features' static paths under it (dashboards, order pages) outrank this catch-all.
 */
function section(path: '/cass' | '/cassSupplier', userType: 1 | 2, home: string): RouteObject {
  return {
    path,
    ...frames.requireAuth(userType),
    handle: handle({ userType }),
    children: [
      {
        ...frames.mainLayout,
        children: [
          { index: true, element: <Navigate to={home} replace /> },
          { path: '*', ...menuPage, handle: handle({ menuSection: userType }) },
        ],
      },
    ],
  };
}

/** The app's own routes: the menu-driven sides, the print frames, the old home redirects. */
const shellRoutes: RouteObject[] = [
  { ...printLayout, children: PRINT_PATHS.map((path) => ({ path, ...printFrame })) },
  { path: '/caas', element: <Navigate to={BUYER_HOME} replace /> },
  { path: '/caasSupplier', element: <Navigate to={SUPPLIER_HOME} replace /> },
  section('/cass', 1, BUYER_HOME),
  section('/cassSupplier', 2, SUPPLIER_HOME),
];

/**
 * The whole route table: the root route runs the navigation guard (docs/domains/platform.md#navigation-guard) as its loader on
 * every navigation; its children are every feature's routes (features/<context>/<domain>/routes.tsx, listed in
 * features.ts), the app's own routes and the catch-all. Meta defaults come from spec-routes.ts.
 */
export function appRoutes(): RouteObject[] {
  return [
    {
      id: 'root',
      element: <RootLayout />,
      loader: guardLoader,
      shouldRevalidate: () => true,
      hydrateFallbackElement: <PageLoading />,
      errorElement: <RouteErrorPage />,
      // features first: at equal rank the first route wins, so a feature's real page replaces the app's frame of the same path (print pages)
      children: [
        ...FEATURE_ROUTES.flatMap((routes) => routes(frames)),
        ...shellRoutes,
        { path: '*', ...notFound, handle: handle({ catchAll: true, title: '页面不存在', nologin: true }) },
      ],
    },
  ];
}
