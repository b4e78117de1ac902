/** Meta a route may carry (docs/domains/platform.md#route-meta), kept in the route's `handle`. */
export interface RouteMeta {
  title?: string;
  /** 1 = buyer side (account type 0 passes too), 2 = supplier side */
  userType?: 1 | 2;
  /** reachable without login */
  nologin?: boolean;
  /** needs login but no permission list (the guard does not wait for menus) */
  nomenu?: boolean;
  /** named permission codes (limitGroup) the page needs; any one of them is enough */
  permissions?: string[];
  /** only reachable by in-app navigation (or with the data it needs stored) */
  requireProgrammaticNavigation?: boolean;
  /** an external address the page stands for (SSO and outbound links) */
  url?: string;
  /** print page: rendered without the shell (no watermark, no help window) */
  print?: boolean;
}

export const APP_NAME = '科研采购平台';

export function documentTitle(title: string | undefined): string {
  return title ? `${title} - ${APP_NAME}` : APP_NAME;
}

/** The meta of a matched route chain: deeper routes override their parents. */
export function mergeMeta(chain: (RouteMeta | undefined)[]): RouteMeta {
  const merged: RouteMeta = {};
  for (const m of chain) if (m) Object.assign(merged, m);
  return merged;
}
