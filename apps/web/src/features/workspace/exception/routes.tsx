import { type FeatureRoutes, page } from '../../../lib/lazy-page.tsx';

/** The 404 page, also what the app's catch-all route shows. */
export const notFound = page(() => import('./pages/not-found-page.tsx'), 'NotFoundPage');

export const routes: FeatureRoutes = () => [
  { path: '/noUser', ...page(() => import('./pages/no-user-page.tsx'), 'NoUserPage') },
  { path: '/403', ...page(() => import('../../../components/forbidden-page.tsx'), 'ForbiddenPage') },
  { path: '/404', ...notFound },
  { path: '/500', ...page(() => import('./pages/server-error-page.tsx'), 'ServerErrorPage') },
];
