import { Navigate, type RouteObject } from 'react-router';
import { LoginPage } from '../features/auth/pages/login-page.tsx';
import { BUYER_HOME, SUPPLIER_HOME } from '../lib/session.ts';
import { guardLoader, type RouteHandle } from './guard-loader.ts';
import { mainLayout, page, requireAuth } from './lazy-route.tsx';
import { PageLoading } from './page-loading.tsx';
import { RootLayout } from './root-layout.tsx';
import { RouteErrorPage } from './route-error-page.tsx';
import { SPEC_ROUTES } from './spec-routes.ts';

const handle = (h: RouteHandle): RouteHandle => h;

const SSO_PATHS = ['/getToken', '/casSSO', '/api/zjs/cas/sso.lf', '/casSSOUnFreeze', '/CassServiceSSoToLogin', '/asaglogin.lf'];
const NEWS_PATHS = ['/guoyaoNews', '/takaraNews', '/RaininNews', '/MarchSchoolSeasonNews', '/transGenNews', '/Mklaction', '/MklactionStart', '/BannerEvent'];
const PRINT_PATHS = SPEC_ROUTES.filter((r) => r.kind === 'print').map((r) => r.path);

const printFrame = page(() => import('../features/print/pages/print-frame-page.tsx'), 'PrintFramePage');
const newsPage = page(() => import('../features/public/pages/news-page.tsx'), 'NewsPage');
const menuPage = page(() => import('./menu-page.tsx'), 'MenuPage');
const ssoNotConfigured = page(() => import('../features/sso/pages/sso-not-configured-page.tsx'), 'SsoNotConfiguredPage');
const notFound = page(() => import('../features/exception/pages/not-found-page.tsx'), 'NotFoundPage');

/** A section whose pages come from the server's menus (1) or modules (2), under the top-menu layout. */
function section(path: '/cass' | '/cassSupplier', userType: 1 | 2, home: string, dashboard: Pick<RouteObject, 'lazy'>): RouteObject {
  return {
    path,
    ...requireAuth(userType),
    handle: handle({ userType }),
    children: [
      {
        ...mainLayout,
        children: [
          { index: true, element: <Navigate to={home} replace /> },
          { path: 'dashbord', ...dashboard, handle: handle({ title: '控制台' }) },
          { path: '*', ...menuPage, handle: handle({ menuSection: userType }) },
        ],
      },
    ],
  };
}

/** The shell's own routes (SPEC.md §2): everything but the mall's pages. Meta defaults come from spec-routes.ts. */
const shellRoutes: RouteObject[] = [
  { path: '/login', element: <LoginPage /> },
  { path: '/UnFreeze', ...page(() => import('../features/auth/pages/unfreeze-page.tsx'), 'UnfreezePage') },
  { path: '/resetPwd', ...page(() => import('../features/account/pages/reset-password-page.tsx'), 'ResetPasswordPage') },
  { path: '/resetPassWordSuccess', ...page(() => import('../features/account/pages/reset-success-page.tsx'), 'ResetSuccessPage') },
  { path: '/cassSupplierRegister', ...page(() => import('../features/supplier-registration/pages/supplier-register-page.tsx'), 'SupplierRegisterPage') },
  {
    ...page(() => import('./layouts/site-layout.tsx'), 'SiteLayout'),
    children: [
      { path: '/techService', ...page(() => import('../features/public/pages/tech-service-page.tsx'), 'TechServicePage') },
      { path: '/bid', ...page(() => import('../features/public/pages/bid-page.tsx'), 'BidPage') },
      { path: '/notice', ...page(() => import('../features/notice/pages/notice-page.tsx'), 'NoticePage') },
      { path: '/download', ...page(() => import('../features/public/pages/download-page.tsx'), 'DownloadPage') },
      { path: '/CassLoginPrivacyPolicy', ...page(() => import('../features/public/pages/privacy-policy-page.tsx'), 'PrivacyPolicyPage') },
      { path: '/platform/secret_service_show.lf', ...page(() => import('../features/public/pages/privacy-policy-page.tsx'), 'PrivacyPolicyPage') },
      { path: '/platform/cass_secret_service_show', ...page(() => import('../features/public/pages/privacy-policy-page.tsx'), 'ServiceAgreementPage') },
      { path: '/LoginSwiperPage', ...page(() => import('../features/public/pages/login-swiper-page.tsx'), 'LoginSwiperPage') },
      { path: '/helpCenter', ...page(() => import('../features/help/pages/help-center-page.tsx'), 'HelpCenterPage') },
      ...NEWS_PATHS.map((path) => ({ path, ...newsPage })),
      { path: '/CassToOtherWeb', ...ssoNotConfigured },
    ],
  },
  ...SSO_PATHS.map((path) => ({ path, ...ssoNotConfigured })),
  { path: '/noUser', ...page(() => import('../features/exception/pages/no-user-page.tsx'), 'NoUserPage') },
  { path: '/403', ...page(() => import('../features/exception/pages/forbidden-page.tsx'), 'ForbiddenPage') },
  { path: '/404', ...notFound },
  { path: '/500', ...page(() => import('../features/exception/pages/server-error-page.tsx'), 'ServerErrorPage') },
  { ...page(() => import('./layouts/print-layout.tsx'), 'PrintLayout'), children: PRINT_PATHS.map((path) => ({ path, ...printFrame })) },
  { path: '/caas', element: <Navigate to={BUYER_HOME} replace /> },
  { path: '/caasSupplier', element: <Navigate to={SUPPLIER_HOME} replace /> },
  section(
    '/cass',
    1,
    BUYER_HOME,
    page(() => import('../features/dashboard/pages/buyer-dashboard-page.tsx'), 'BuyerDashboardPage'),
  ),
  section(
    '/cassSupplier',
    2,
    SUPPLIER_HOME,
    page(() => import('../features/dashboard/pages/supplier-dashboard-page.tsx'), 'SupplierDashboardPage'),
  ),
];

/**
 * The whole route table: the root route runs the navigation guard (SPEC.md §4) as its loader on
 * every navigation, then the shell's routes, the features' routes (the mall's), and the catch-all.
 */
export function appRoutes(featureRoutes: RouteObject[]): RouteObject[] {
  return [
    {
      id: 'root',
      element: <RootLayout />,
      loader: guardLoader,
      shouldRevalidate: () => true,
      hydrateFallbackElement: <PageLoading />,
      errorElement: <RouteErrorPage />,
      // features first: at equal rank the first route wins, so a feature's real page replaces the shell's frame of the same path (print pages)
      children: [...featureRoutes, ...shellRoutes, { path: '*', ...notFound, handle: handle({ catchAll: true, title: '页面不存在', nologin: true }) }],
    },
  ];
}
