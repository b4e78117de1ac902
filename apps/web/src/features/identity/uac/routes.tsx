import type { FeatureRoutes } from '../../../lib/lazy-page.tsx';
import { page } from '../../../lib/lazy-page.tsx';
import { LoginPage } from './pages/login-page.tsx';

/** The login page comes with the app's entry (the first page most visits see); the rest on first visit. */
export const routes: FeatureRoutes = () => [
  { path: '/login', element: <LoginPage /> },
  { path: '/UnFreeze', ...page(() => import('./pages/unfreeze-page.tsx'), 'UnfreezePage') },
];
