import type { UserAllInfo } from '@kc/contracts/identity/uac';
import type { RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';

// The loader module reaches for the browser session and the query cache; resolveTarget needs neither.
vi.mock('../lib/session.ts', () => ({ clearSession: vi.fn(), getPendingLogin: vi.fn(), getToken: vi.fn() }));
vi.mock('../lib/query-client.ts', () => ({ queryClient: { getQueryData: vi.fn(), fetchQuery: vi.fn() } }));
vi.mock('../lib/session-queries.ts', () => ({ getUserAllInfo: vi.fn(), userAllInfoKey: ['uac', 'userAllInfo'] }));

const { resolveTarget } = await import('./guard-loader.ts');

const routes: RouteObject[] = [
  {
    children: [
      { path: '/login' },
      {
        path: '/cass',
        handle: { userType: 1 },
        children: [
          { path: 'dashbord', handle: { title: '控制台' } },
          { path: '*', handle: { menuSection: 1 } },
        ],
      },
      { path: '*', handle: { catchAll: true } },
    ],
  },
];

const info = {
  user: { accountType: 1 },
  menuVOList: [
    {
      id: 1,
      name: '采购管理',
      path: null,
      routeName: null,
      component: null,
      icon: null,
      child: [{ id: 2, name: '我的报销', path: 'cass/claim/my', routeName: null, component: 'claim/my', icon: null, child: [] }],
    },
  ],
  modules: [],
} as unknown as UserAllInfo;

describe('resolveTarget', () => {
  it('takes the spec meta of a static route and its own handle chain', () => {
    expect(resolveTarget(routes, '/login', '', null)).toEqual({ path: '/login', search: '', known: true, meta: { title: '登录', nologin: true } });
    expect(resolveTarget(routes, '/cass/dashbord', '?x=1', null).meta).toEqual({ title: '控制台', userType: 1 });
  });
  it('treats the catch-all as unknown, shown as a nologin 404', () => {
    expect(resolveTarget(routes, '/nope', '', null)).toMatchObject({ known: false, meta: { nologin: true } });
  });
  it("resolves a menu page from the user's menus, named after the menu", () => {
    expect(resolveTarget(routes, '/cass/claim/my', '', info)).toMatchObject({ known: true, meta: { title: '我的报销', userType: 1 } });
  });
  it('does not know a menu page the user lacks, nor any before the menus are loaded', () => {
    expect(resolveTarget(routes, '/cass/system/notice', '', info).known).toBe(false);
    expect(resolveTarget(routes, '/cass/claim/my', '', null).known).toBe(false);
  });
});
