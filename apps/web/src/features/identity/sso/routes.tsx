import { type FeatureRoutes, page } from '../../../lib/lazy-page.tsx';

/** The single-sign-on entries of docs/domains/identity.md#sso: CAS login in, partner systems out. */
const casLogin = page(() => import('./pages/cas-login-page.tsx'), 'CasLoginPage');
const partnerHandoff = page(() => import('./pages/partner-handoff-page.tsx'), 'PartnerHandoffPage');

export const routes: FeatureRoutes = ({ siteLayout }) => [
  ...['/casSSO', '/api/zjs/cas/sso.lf', '/asaglogin.lf'].map((path) => ({ path, ...casLogin })),
  { path: '/getToken', ...page(() => import('./pages/get-token-page.tsx'), 'GetTokenPage') },
  { path: '/casSSOUnFreeze', ...page(() => import('./pages/cas-unfreeze-page.tsx'), 'CasUnfreezePage') },
  { path: '/CassServiceSSoToLogin', ...partnerHandoff },
  { ...siteLayout, children: [{ path: '/CassToOtherWeb', ...partnerHandoff }] },
];
