import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { withChunkTimeout } from '../lib/chunk-load.ts';

/**
 * A page or layout loaded on first visit (RR route `lazy`), failing as a chunk-load error after 120 s.
 * Only the login page and the root route (guard, error page) load with the app: the entry stays
 * light for the login page (bench:web), so every other page and layout arrives in its own chunk.
 */
export function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): Pick<RouteObject, 'lazy'> {
  return { lazy: withChunkTimeout(async () => ({ Component: (await load())[name] })) };
}

/** The top-menu layout of the logged-in sections (the shell's, the orders' and the mall's routes). */
export const mainLayout = page(() => import('./layouts/main-layout.tsx'), 'MainLayout');

/** The gate of a logged-in section (require-auth.tsx), loaded with the section. */
export function requireAuth(userType: 1 | 2): Pick<RouteObject, 'lazy'> {
  return {
    lazy: withChunkTimeout(async () => {
      const { RequireAuth } = await import('./require-auth.tsx');
      return { element: <RequireAuth userType={userType} /> };
    }),
  };
}
