import type { UserAllInfo } from '@kc/contracts/identity/uac';
import { type LoaderFunctionArgs, matchRoutes, type RouteObject, replace } from 'react-router';
import { findMenuEntry } from '../lib/menu-entries.ts';
import { queryClient } from '../lib/query-client.ts';
import { documentTitle, mergeMeta, type RouteMeta } from '../lib/route-meta.ts';
import { fetchServerFacts } from '../lib/server-facts.ts';
import { clearSession, getPendingLogin, getToken } from '../lib/session.ts';
import { getUserAllInfo, userAllInfoKey } from '../lib/session-queries.ts';
import { StorageKey, storage } from '../lib/storage.ts';
import { progress } from '../shell/progress.ts';
import { decideNavigation, type GuardState, type GuardTarget, type GuardUser } from './navigation-guard.ts';
import { specRoute } from './spec-routes.ts';

/** Extra markers a route's handle may carry for the guard, besides its meta. */
export interface RouteHandle extends RouteMeta {
  /** the final catch-all: whatever matches only this is an unknown route */
  catchAll?: boolean;
  /** the splat of a section whose pages come from the user's menus (1) or modules (2) */
  menuSection?: 1 | 2;
}

/** What the guard hands to the layouts and pages: the document title of step 11 and the page's own title. */
export interface GuardData {
  title: string;
  /** the route's title without the app name (read by pages through lib/use-route-title.ts) */
  pageTitle?: string;
}

const NOT_FOUND_META: RouteMeta = { title: '页面不存在', nologin: true };
const VERSION_RELOAD_KEY = 'kc:version-reloaded';

let routeTable: RouteObject[] = [];
let previousPath: string | null = null;

/** The router hands over its routes once created (the loader runs for the router it belongs to). */
export function setGuardRoutes(routes: RouteObject[]): void {
  routeTable = routes;
}

/** Remembers the last committed location: step 1 tells direct entries from in-app navigation. */
export function notePreviousPath(path: string): void {
  previousPath = path;
}

/** Resolves a path against the route table and, for menu-driven sections, the user's menus. */
export function resolveTarget(routes: RouteObject[], path: string, search: string, info: UserAllInfo | null): GuardTarget {
  const matches = matchRoutes(routes, path) ?? [];
  const handles = matches.map((m) => m.route.handle as RouteHandle | undefined);
  const leaf = handles[handles.length - 1];
  if (!matches.length || leaf?.catchAll) return { path, search, known: false, meta: NOT_FOUND_META };
  if (leaf?.menuSection) {
    const entry = info ? findMenuEntry(info, path) : null;
    if (!entry) return { path, search, known: false, meta: NOT_FOUND_META };
    return { path, search, known: true, meta: { ...mergeMeta(handles), title: entry.name } };
  }
  return { path, search, known: true, meta: { ...specRoute(path)?.meta, ...mergeMeta(handles) } };
}

async function fetchServerVersion(): Promise<string | null> {
  return (await fetchServerFacts()).version;
}

function sessionUser(info: UserAllInfo | null): GuardUser | null {
  const token = getToken();
  if (!token || getPendingLogin()) return null;
  return {
    userName: token.userName ?? token.accessToken,
    accountType: info?.user.accountType ?? token.accountType,
    firstDeptId: info?.user.deptVOList[0]?.id ?? null,
    verification: info?.user.verification ?? null,
    forceModifyPassword: info?.user.whetherForceModifyPassword ?? false,
  };
}

function readReloadedFor(): string | null {
  try {
    return sessionStorage.getItem(VERSION_RELOAD_KEY);
  } catch {
    return null;
  }
}

/**
 * The root route's loader: runs the guard of docs/domains/platform.md#navigation-guard on every navigation. Redirects are
 * thrown as replace-redirects so the back button does not bounce through them.
 */
export async function guardLoader({ request }: LoaderFunctionArgs): Promise<GuardData> {
  const url = new URL(request.url);
  let info = queryClient.getQueryData<UserAllInfo>(userAllInfoKey) ?? null;
  let s: GuardState = {
    to: resolveTarget(routeTable, url.pathname, url.search, info),
    from: previousPath,
    unfreezeStored: storage.get(StorageKey.unfreeze) !== null,
    progressStarted: false,
    version: { built: __APP_VERSION__, server: undefined, reloadedFor: readReloadedFor(), now: Date.now() },
    userRefreshed: false,
    user: null,
    permissions: info ? 'loaded' : 'missing',
    menuCount: info?.menuVOList.length ?? 0,
    permCodes: info?.limitGroup ?? [],
  };

  // The first load shows the route's title at once; the guard's own step 11 confirms or replaces it.
  if (previousPath === null && s.to.meta.title) document.title = documentTitle(s.to.meta.title);

  for (;;) {
    const action = decideNavigation(s);
    switch (action.type) {
      case 'block':
        throw replace(action.to);
      case 'start-progress':
        progress.start();
        s = { ...s, progressStarted: true };
        break;
      case 'check-version':
        s = { ...s, version: { ...s.version, server: await fetchServerVersion() } };
        break;
      case 'reload':
        sessionStorage.setItem(VERSION_RELOAD_KEY, action.version);
        window.location.replace(action.url);
        // the page is going away; keep the router waiting instead of rendering the old version
        return new Promise<GuardData>(() => {});
      case 'refresh-user':
        s = { ...s, userRefreshed: true, user: sessionUser(info) };
        break;
      case 'load-permissions':
        try {
          const loaded = await queryClient.fetchQuery({ queryKey: userAllInfoKey, queryFn: getUserAllInfo });
          info = loaded;
          s = {
            ...s,
            to: resolveTarget(routeTable, url.pathname, url.search, loaded),
            user: sessionUser(loaded),
            permissions: 'loaded',
            menuCount: loaded.menuVOList.length,
            permCodes: loaded.limitGroup,
          };
        } catch {
          s = { ...s, permissions: 'failed' };
        }
        break;
      case 'logout':
        clearSession();
        throw replace(action.to);
      case 'redirect':
        throw replace(action.to);
      case 'proceed':
        document.title = action.title;
        return { title: action.title, pageTitle: s.to.meta.title };
    }
  }
}
