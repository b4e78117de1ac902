import { withChunkTimeout } from '../lib/chunk-load.ts';
import { page, type RouteFrames } from '../lib/lazy-page.tsx';

/**
 * The frames the app gives the features' routes (lib/lazy-page.tsx RouteFrames): the gate of the
 * logged-in sides and the layouts, each loaded on first visit. Only the login page and the root
 * route (guard, error page) load with the app: the entry stays light for the login page (bench:web).
 */
export const frames: RouteFrames = {
  mainLayout: page(() => import('./layouts/main-layout.tsx'), 'MainLayout'),
  siteLayout: page(() => import('./layouts/site-layout.tsx'), 'SiteLayout'),
  requireAuth: (userType) => ({
    lazy: withChunkTimeout(async () => {
      const { RequireAuth } = await import('./require-auth.tsx');
      return { element: <RequireAuth userType={userType} /> };
    }),
  }),
};

/** The bare layout of the print pages that have no page of their own yet. */
export const printLayout = page(() => import('./layouts/print-layout.tsx'), 'PrintLayout');
