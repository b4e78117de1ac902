import { type FeatureRoutes, page } from '../../../lib/lazy-page.tsx';

/** The brands' promotion pages (one page, titled per path from docs/domains/platform.md#route-classes). */
const NEWS_PATHS = ['/guoyaoNews', '/takaraNews', '/RaininNews', '/MarchSchoolSeasonNews', '/transGenNews', '/Mklaction', '/MklactionStart', '/BannerEvent'];

const newsPage = page(() => import('./pages/news-page.tsx'), 'NewsPage');
const privacyPolicy = page(() => import('./pages/privacy-policy-page.tsx'), 'PrivacyPolicyPage');

/** The public site's pages, under its header and footer. */
export const routes: FeatureRoutes = ({ siteLayout }) => [
  {
    ...siteLayout,
    children: [
      { path: '/techService', ...page(() => import('./pages/tech-service-page.tsx'), 'TechServicePage') },
      { path: '/bid', ...page(() => import('./pages/bid-page.tsx'), 'BidPage') },
      { path: '/download', ...page(() => import('./pages/download-page.tsx'), 'DownloadPage') },
      { path: '/CassLoginPrivacyPolicy', ...privacyPolicy },
      { path: '/platform/secret_service_show.lf', ...privacyPolicy },
      { path: '/platform/cass_secret_service_show', ...page(() => import('./pages/privacy-policy-page.tsx'), 'ServiceAgreementPage') },
      { path: '/LoginSwiperPage', ...page(() => import('./pages/login-swiper-page.tsx'), 'LoginSwiperPage') },
      ...NEWS_PATHS.map((path) => ({ path, ...newsPage })),
    ],
  },
];
