import { useRouteLoaderData } from 'react-router';

/**
 * The current route's title as the navigation guard resolved it (its meta, with the docs/domains/platform.md#route-meta
 * defaults), for a page that serves several paths; the fallback before the guard has answered.
 */
export function useRouteTitle(fallback: string): string {
  const data = useRouteLoaderData('root') as { pageTitle?: string } | undefined;
  return data?.pageTitle || fallback;
}
