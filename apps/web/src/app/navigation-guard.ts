import { documentTitle, type RouteMeta } from '../lib/route-meta.ts';

/**
 * The navigation guard of docs/domains/platform.md#navigation-guard as a pure function. The wiring (guard-loader.ts) keeps a
 * GuardState, asks `decideNavigation` what to do next, performs it (start the progress bar, fetch
 * the version, read the session, load the permissions) and asks again, until the answer is a
 * redirect, a reload or `proceed`. The order of the checks below is the order of the spec's
 * eleven steps; each action names the step that produced it.
 */

export const LOGIN_ROUTE = '/login';
export const BUYER_DASHBOARD = '/cass/dashbord';
export const SUPPLIER_DASHBOARD = '/cassSupplier/dashbord';
export const GET_TOKEN_ROUTE = '/getToken';
export const NOT_FOUND_ROUTE = '/404';
export const FORBIDDEN_ROUTE = '/403';

/** The platform's special department (docs/domains/identity.md#real-name). */
export const PLATFORM_DEPT_ID = 1;

export interface GuardTarget {
  path: string;
  /** query string including '?', or '' */
  search: string;
  /** false when only the catch-all matched (or a menu path this user does not have) */
  known: boolean;
  meta: RouteMeta;
}

/** What the guard knows of the logged-in user (null fields until the permission list is loaded). */
export interface GuardUser {
  /** hashed login name of the stored token record */
  userName: string;
  accountType: number;
  firstDeptId: number | null;
  verification: number | null;
  forceModifyPassword: boolean;
}

export interface GuardState {
  to: GuardTarget;
  /** path of the route we come from; null when the app is entered directly (first load) */
  from: string | null;
  /** frozen-account data is stored (a reload of /UnFreeze keeps working) */
  unfreezeStored: boolean;
  progressStarted: boolean;
  version: {
    built: string;
    /** undefined: not asked yet; null: could not be read (the check is skipped) */
    server: string | null | undefined;
    /** server version this tab already reloaded for (reload once, never loop) */
    reloadedFor: string | null;
    now: number;
  };
  /** the session has been read (step 5 "the user is refreshed") */
  userRefreshed: boolean;
  /** null: nobody logged in, or a login still waiting for its department choice or password change */
  user: GuardUser | null;
  permissions: 'missing' | 'loaded' | 'failed';
  /** length of menuVOList (0 until loaded, always 0 for suppliers) */
  menuCount: number;
  /** named permission codes of the user (limitGroup) */
  permCodes: readonly string[];
}

export type GuardAction =
  | { type: 'block'; step: 1; to: string }
  | { type: 'start-progress'; step: 2 }
  | { type: 'check-version'; step: 3 }
  | { type: 'reload'; step: 3; url: string; version: string }
  | { type: 'refresh-user'; step: 5 }
  | { type: 'load-permissions'; step: 5 }
  | { type: 'logout'; step: 5; to: string }
  | { type: 'redirect'; step: 6 | 7 | 8 | 9 | 10; to: string }
  | { type: 'proceed'; step: 4 | 6 | 11; title: string };

/** Dashboard of an account type: 1 and 0 buyer, 2 supplier, anything else none. */
export function dashboardOf(accountType: number): string | null {
  if (accountType === 0 || accountType === 1) return BUYER_DASHBOARD;
  if (accountType === 2) return SUPPLIER_DASHBOARD;
  return null;
}

/** docs/domains/identity.md#real-name: the real-name flag is false in department 1 without verification. */
export function isUnverifiedPlatformUser(user: Pick<GuardUser, 'firstDeptId' | 'verification'>): boolean {
  return user.firstDeptId === PLATFORM_DEPT_ID && !user.verification;
}

/** '/cass', '/cass/', '/cassSupplier', '/cassSupplier/': a section with no page of its own. */
export function isSectionRoot(path: string): boolean {
  return /^\/(cass|cassSupplier)\/?$/.test(path);
}

/** The reload address of step 3: the same page with a time parameter that defeats caches. */
export function reloadUrl(path: string, search: string, now: number): string {
  const params = new URLSearchParams(search);
  params.set('t', String(now));
  return `${path}?${params.toString()}`;
}

function userTypeMismatch(meta: RouteMeta, accountType: number): boolean {
  if (!meta.userType || accountType === 0) return false;
  return meta.userType !== accountType;
}

function lacksPermission(meta: RouteMeta, codes: readonly string[]): boolean {
  return !!meta.permissions?.length && !meta.permissions.some((p) => codes.includes(p));
}

export function decideNavigation(s: GuardState): GuardAction {
  const { to } = s;
  const title = documentTitle(to.meta.title);

  // 1. Programmatic-only routes entered directly (no previous route, no stored unfreeze data).
  if (to.meta.requireProgrammaticNavigation && s.from === null && !s.unfreezeStored) return { type: 'block', step: 1, to: LOGIN_ROUTE };

  // 2. Page loading on, progress bar started.
  if (!s.progressStarted) return { type: 'start-progress', step: 2 };

  // 3. A new server version reloads the page (once per version) with a time parameter.
  if (s.version.server === undefined) return { type: 'check-version', step: 3 };
  if (s.version.server !== null && s.version.server !== s.version.built && s.version.reloadedFor !== s.version.server) {
    return { type: 'reload', step: 3, url: reloadUrl(to.path, to.search, s.version.now), version: s.version.server };
  }

  // 4. getToken passes straight through.
  if (to.path === GET_TOKEN_ROUTE) return { type: 'proceed', step: 4, title };

  // 5. Refresh the user; load the permission list unless menu-less or loaded; failure logs out.
  if (!s.userRefreshed) return { type: 'refresh-user', step: 5 };
  const user = s.user;
  if (user?.userName) {
    if (s.permissions === 'failed') return { type: 'logout', step: 5, to: LOGIN_ROUTE };
    if (!to.meta.nomenu && s.permissions === 'missing') return { type: 'load-permissions', step: 5 };
  }

  // 6. Nobody logged in: nologin routes pass, everything else goes to login.
  if (!user) return to.meta.nologin ? { type: 'proceed', step: 6, title } : { type: 'redirect', step: 6, to: LOGIN_ROUTE };

  // 7. A logged-in user arriving at the login page: unverified platform users, and users with
  //    menus, go to the buyer dashboard.
  const atLogin = to.path === LOGIN_ROUTE;
  if (atLogin && (isUnverifiedPlatformUser(user) || s.menuCount > 0)) return { type: 'redirect', step: 7, to: BUYER_DASHBOARD };

  // 8. No menus and a forced first-time password change: the dashboard of the user's type.
  if (atLogin && s.menuCount === 0 && user.forceModifyPassword) {
    return { type: 'redirect', step: 8, to: dashboardOf(user.accountType) ?? NOT_FOUND_ROUTE };
  }

  // 9. Unknown route → 404; another user type's route (type 0 passes) or a missing permission → 403.
  if (!to.known) return { type: 'redirect', step: 9, to: NOT_FOUND_ROUTE };
  if (userTypeMismatch(to.meta, user.accountType)) return { type: 'redirect', step: 9, to: FORBIDDEN_ROUTE };
  if (s.permissions === 'loaded' && lacksPermission(to.meta, s.permCodes)) return { type: 'redirect', step: 9, to: FORBIDDEN_ROUTE };

  // 10. /cass/ and /cassSupplier/ themselves lead to the dashboard of the user's type (else 404).
  if (isSectionRoot(to.path)) return { type: 'redirect', step: 10, to: dashboardOf(user.accountType) ?? NOT_FOUND_ROUTE };

  // 11. Navigation completes: the wiring stops loading, sets this title and ends the progress bar.
  return { type: 'proceed', step: 11, title };
}
