import { type FeatureRoutes, page } from '../../../lib/lazy-page.tsx';

export const routes: FeatureRoutes = () => [
  { path: '/resetPwd', ...page(() => import('./pages/reset-password-page.tsx'), 'ResetPasswordPage') },
  { path: '/resetPassWordSuccess', ...page(() => import('./pages/reset-success-page.tsx'), 'ResetSuccessPage') },
];
