import { type FeatureRoutes, page } from '../../lib/lazy-page.tsx';

/** The single-sign-on entries of SPEC.md §2; this deployment has no identity provider configured. */
const SSO_PATHS = ['/getToken', '/casSSO', '/api/zjs/cas/sso.lf', '/casSSOUnFreeze', '/CassServiceSSoToLogin', '/asaglogin.lf'];

const ssoNotConfigured = page(() => import('./pages/sso-not-configured-page.tsx'), 'SsoNotConfiguredPage');

export const routes: FeatureRoutes = ({ siteLayout }) => [
  ...SSO_PATHS.map((path) => ({ path, ...ssoNotConfigured })),
  { ...siteLayout, children: [{ path: '/CassToOtherWeb', ...ssoNotConfigured }] },
];
