import { type ComponentType, createElement, type LazyExoticComponent, lazy } from 'react';
import type { RouteObject } from 'react-router';
import { withChunkTimeout } from './chunk-load.ts';
import type { MenuPageProps } from './menu-entries.ts';

// How a feature declares its pages (its routes.tsx): every page arrives in its own chunk on first
// visit, so the app's entry, which imports each feature's routes.tsx, stays light for the login page
// (bench:web). A routes.tsx therefore imports its pages only through these helpers (dynamic import).

type Lazy = Pick<RouteObject, 'lazy'>;

/** A page or layout loaded on first visit (RR route `lazy`), failing as a chunk-load error after 120 s. */
export function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): Lazy {
  return { lazy: withChunkTimeout(async () => ({ Component: (await load())[name] })) };
}

/** Like page(), for a page component that takes fixed props (one component behind several paths). */
export function pageWith<K extends string, P extends object>(load: () => Promise<Record<K, ComponentType<P>>>, name: K, props: P): Lazy {
  return {
    lazy: withChunkTimeout(async () => {
      const Page: ComponentType<P> = (await load())[name];
      return { element: createElement(Page, props) };
    }),
  };
}

/**
 * What the app wraps a feature's routes in (app/lazy-route.tsx): the gate of the logged-in sections
 * and the app's layouts. A feature does not import app/, so it receives them.
 */
export interface RouteFrames {
  /** the gate of a logged-in side: 1 = buyer (account type 0 passes too), 2 = supplier */
  requireAuth: (userType: 1 | 2) => Lazy;
  /** the top-menu layout of the logged-in sections */
  mainLayout: Lazy;
  /** the public site's header and footer */
  siteLayout: Lazy;
}

/** A feature's static routes (children of the root route), built around the frames the app gives. */
export type FeatureRoutes = (frames: RouteFrames) => RouteObject[];

/** A page opened through the server's menus or modules (its `component` name), loaded on first visit. */
export type MenuPage = LazyExoticComponent<ComponentType<MenuPageProps>>;
export type MenuPages = Record<string, MenuPage>;

/** A menu-driven page loaded on first visit, failing as a chunk-load error after 120 s. */
export function menuPage<K extends string>(load: () => Promise<Record<K, ComponentType<MenuPageProps>>>, name: K): MenuPage {
  return lazy(withChunkTimeout(() => load().then((m) => ({ default: m[name] }))));
}
