import { type FeatureRoutes, page } from '../../lib/lazy-page.tsx';

export const routes: FeatureRoutes = ({ siteLayout }) => [
  { ...siteLayout, children: [{ path: '/notice', ...page(() => import('./pages/notice-page.tsx'), 'NoticePage') }] },
];
