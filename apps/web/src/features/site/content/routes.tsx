import { type FeatureRoutes, page } from '../../lib/lazy-page.tsx';

export const routes: FeatureRoutes = ({ siteLayout }) => [
  { ...siteLayout, children: [{ path: '/helpCenter', ...page(() => import('./pages/help-center-page.tsx'), 'HelpCenterPage') }] },
];
