import { describe, expect, it } from 'vitest';
import type { RouteMeta } from '../lib/route-meta.ts';
import { decideNavigation, type GuardState, type GuardUser, isSectionRoot, reloadUrl } from './navigation-guard.ts';

const buyer: GuardUser = { userName: 'h', accountType: 1, firstDeptId: 7, verification: 1, forceModifyPassword: false };

/** A state in which every step before the one under test has already been satisfied. */
function state(over: Partial<GuardState> & { path?: string; meta?: RouteMeta; known?: boolean } = {}): GuardState {
  const { path = '/cass/dashbord', meta = { title: '控制台', userType: 1 }, known = true, ...rest } = over;
  return {
    to: { path, search: '', known, meta },
    from: '/login',
    unfreezeStored: false,
    progressStarted: true,
    version: { built: '1.0.0', server: '1.0.0', reloadedFor: null, now: 1_700_000_000_000 },
    userRefreshed: true,
    user: buyer,
    permissions: 'loaded',
    menuCount: 3,
    permCodes: ['mall:order:buy'],
    ...rest,
  };
}

const unfreeze = { path: '/UnFreeze', meta: { title: '账号解冻', nologin: true, requireProgrammaticNavigation: true } };

describe('step 1: programmatic-only routes', () => {
  it('blocks /UnFreeze entered directly without stored data (to login)', () => {
    expect(decideNavigation(state({ ...unfreeze, from: null, user: null, progressStarted: false }))).toEqual({ type: 'block', step: 1, to: '/login' });
  });
  it('lets it through after a previous route', () => {
    expect(decideNavigation(state({ ...unfreeze, from: '/login', user: null, progressStarted: false })).type).toBe('start-progress');
  });
  it('lets it through on a reload when the unfreeze data is stored', () => {
    expect(decideNavigation(state({ ...unfreeze, from: null, unfreezeStored: true, user: null, progressStarted: false })).type).toBe('start-progress');
  });
  it('never blocks ordinary routes entered directly', () => {
    expect(decideNavigation(state({ from: null, progressStarted: false })).type).toBe('start-progress');
  });
});

describe('step 2: progress bar', () => {
  it('starts the progress bar before anything is fetched', () => {
    expect(decideNavigation(state({ progressStarted: false, version: { built: '1', server: undefined, reloadedFor: null, now: 0 } }))).toEqual({
      type: 'start-progress',
      step: 2,
    });
  });
});

describe('step 3: version check', () => {
  it('asks for the server version first', () => {
    expect(decideNavigation(state({ version: { built: '1.0.0', server: undefined, reloadedFor: null, now: 0 } })).type).toBe('check-version');
  });
  it('reloads with a time parameter when the versions differ', () => {
    const s = state({ path: '/search', version: { built: '1.0.0', server: '1.1.0', reloadedFor: null, now: 42 } });
    s.to.search = '?q=%E4%B9%99%E9%86%87';
    expect(decideNavigation(s)).toEqual({ type: 'reload', step: 3, url: '/search?q=%E4%B9%99%E9%86%87&t=42', version: '1.1.0' });
  });
  it('reloads only once per server version', () => {
    expect(decideNavigation(state({ version: { built: '1.0.0', server: '1.1.0', reloadedFor: '1.1.0', now: 1 } })).type).toBe('proceed');
  });
  it('goes on when the version cannot be read', () => {
    expect(decideNavigation(state({ version: { built: '1.0.0', server: null, reloadedFor: null, now: 1 } })).type).toBe('proceed');
  });
  it('reloadUrl replaces an older t', () => {
    expect(reloadUrl('/a', '?t=1&x=2', 9)).toBe('/a?t=9&x=2');
  });
});

describe('step 4: getToken', () => {
  it('passes straight through without reading the session', () => {
    expect(decideNavigation(state({ path: '/getToken', meta: { nologin: true, title: '单点登录' }, userRefreshed: false, user: null }))).toMatchObject({
      type: 'proceed',
      step: 4,
    });
  });
});

describe('step 5: user and permissions', () => {
  it('refreshes the user first', () => {
    expect(decideNavigation(state({ userRefreshed: false })).type).toBe('refresh-user');
  });
  it('loads the permission list for a logged-in user', () => {
    expect(decideNavigation(state({ permissions: 'missing' }))).toEqual({ type: 'load-permissions', step: 5 });
  });
  it('does not load permissions for a menu-less route', () => {
    expect(decideNavigation(state({ path: '/cart', meta: { nomenu: true }, permissions: 'missing' })).type).toBe('proceed');
  });
  it('does not load them again when loaded', () => {
    expect(decideNavigation(state()).type).toBe('proceed');
  });
  it('logs out when loading failed', () => {
    expect(decideNavigation(state({ permissions: 'failed' }))).toEqual({ type: 'logout', step: 5, to: '/login' });
  });
});

describe('step 6: nobody logged in', () => {
  it('lets nologin routes pass', () => {
    expect(decideNavigation(state({ path: '/notice', meta: { nologin: true, title: '平台公告' }, user: null }))).toMatchObject({ type: 'proceed', step: 6 });
  });
  it('sends everything else to login', () => {
    expect(decideNavigation(state({ user: null }))).toEqual({ type: 'redirect', step: 6, to: '/login' });
  });
  it('shows the catch-all 404 (nologin) in place', () => {
    expect(decideNavigation(state({ path: '/nope', known: false, meta: { nologin: true }, user: null }))).toMatchObject({ type: 'proceed', step: 6 });
  });
});

describe('step 7: logged-in user at the login page', () => {
  const atLogin = { path: '/login', meta: { nologin: true, title: '登录' } };
  it('sends an unverified user of department 1 to the buyer dashboard', () => {
    const guest = { ...buyer, firstDeptId: 1, verification: 0 };
    expect(decideNavigation(state({ ...atLogin, user: guest, menuCount: 0 }))).toEqual({ type: 'redirect', step: 7, to: '/cass/dashbord' });
  });
  it('does the same for a user with menus', () => {
    expect(decideNavigation(state({ ...atLogin, menuCount: 2 }))).toEqual({ type: 'redirect', step: 7, to: '/cass/dashbord' });
  });
});

describe('step 8: forced password change without menus', () => {
  const atLogin = { path: '/login', meta: { nologin: true, title: '登录' }, menuCount: 0 };
  it('sends a supplier to the supplier dashboard', () => {
    const supplier = { ...buyer, accountType: 2, forceModifyPassword: true };
    expect(decideNavigation(state({ ...atLogin, user: supplier }))).toEqual({ type: 'redirect', step: 8, to: '/cassSupplier/dashbord' });
  });
  it('sends a buyer to the buyer dashboard', () => {
    expect(decideNavigation(state({ ...atLogin, user: { ...buyer, forceModifyPassword: true } }))).toEqual({ type: 'redirect', step: 8, to: '/cass/dashbord' });
  });
  it('leaves the login page alone otherwise', () => {
    expect(decideNavigation(state({ ...atLogin, user: { ...buyer, accountType: 2 } })).type).toBe('proceed');
  });
});

describe('step 9: unknown route, user type, permissions', () => {
  it('sends an unknown route to 404', () => {
    expect(decideNavigation(state({ path: '/cass/nope', known: false, meta: { nologin: true } }))).toEqual({ type: 'redirect', step: 9, to: '/404' });
  });
  it('sends a buyer on a supplier route to 403', () => {
    expect(decideNavigation(state({ path: '/cassSupplier/dashbord', meta: { userType: 2 } }))).toEqual({ type: 'redirect', step: 9, to: '/403' });
  });
  it('lets account type 0 pass every user-type check', () => {
    expect(decideNavigation(state({ path: '/cassSupplier/dashbord', meta: { userType: 2 }, user: { ...buyer, accountType: 0 } })).type).toBe('proceed');
  });
  it('sends a route whose permission the user lacks to 403', () => {
    expect(decideNavigation(state({ meta: { permissions: ['content:notice:manage'] } }))).toEqual({ type: 'redirect', step: 9, to: '/403' });
  });
});

describe('step 10: section roots', () => {
  const root = { path: '/cass/', meta: {} };
  it('sends a buyer to the buyer dashboard', () => {
    expect(decideNavigation(state(root))).toEqual({ type: 'redirect', step: 10, to: '/cass/dashbord' });
  });
  it('sends a supplier to the supplier dashboard', () => {
    expect(decideNavigation(state({ path: '/cassSupplier', meta: {}, user: { ...buyer, accountType: 2 } }))).toEqual({
      type: 'redirect',
      step: 10,
      to: '/cassSupplier/dashbord',
    });
  });
  it('sends an unknown account type to 404', () => {
    expect(decideNavigation(state({ ...root, user: { ...buyer, accountType: 5 } }))).toEqual({ type: 'redirect', step: 10, to: '/404' });
  });
  it('recognises only the section roots', () => {
    expect([isSectionRoot('/cass'), isSectionRoot('/cassSupplier/'), isSectionRoot('/cass/dashbord'), isSectionRoot('/caas')]).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});

describe('step 11: completion', () => {
  it('proceeds with the document title of the route', () => {
    expect(decideNavigation(state())).toEqual({ type: 'proceed', step: 11, title: '控制台 - 科研采购平台' });
  });
  it('uses the app name for a route without title', () => {
    expect(decideNavigation(state({ meta: { userType: 1 } }))).toMatchObject({ title: '科研采购平台' });
  });
});
