import { type FeatureRoutes, page } from '../../../lib/lazy-page.tsx';

/** The public notice list and the help centre, each in the public site's frame. */
export const routes: FeatureRoutes = ({ siteLayout }) => [
  { ...siteLayout, children: [{ path: '/notice', ...page(() => import('./pages/notice-page.tsx'), 'NoticePage') }] },
  { ...siteLayout, children: [{ path: '/helpCenter', ...page(() => import('./pages/help-center-page.tsx'), 'HelpCenterPage') }] },
];
