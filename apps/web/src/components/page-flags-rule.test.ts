import { describe, expect, it } from 'vitest';
import { ALL_FLAGS, allowedTabs, NO_FLAGS, resolvePageFlags } from './page-flags-rule.ts';

const grant = (resourceId: number, permCode: string | null, f: Partial<Record<'add' | 'modify' | 'delete' | 'export', boolean>>, limitTab = '') => ({
  resourceId,
  permCode,
  addJurisdiction: !!f.add,
  modifyJurisdiction: !!f.modify,
  deleteJurisdiction: !!f.delete,
  exportJurisdiction: !!f.export,
  limitTab,
});
type Menu = { id: number; name: string; path: string | null; routeName: null; component: null; icon: null; child: Menu[] };
const menu = (id: number, path: string | null, child: Menu[] = []): Menu => ({ id, name: `m${id}`, path, routeName: null, component: null, icon: null, child });
const info = (accountType: number, extra: Partial<Parameters<typeof resolvePageFlags>[0] & object> = {}) => ({
  user: { accountType } as never,
  limitGroup: [],
  functionVOList: [],
  authorityList: [],
  menuVOList: [],
  ...extra,
});

describe('resolvePageFlags', () => {
  const buyer = info(1, {
    menuVOList: [menu(1, null, [menu(2, '/cass/system/user/'), menu(3, 'cass/system/notice')])],
    authorityList: [grant(2, 'uac:user:view', { add: true, export: true }, 'a, b,'), grant(3, 'content:notice:manage', { modify: true })],
  });

  it('reads a buyer-side page by its menu path (the menu id is the resource id)', () => {
    expect(resolvePageFlags(buyer, { path: '/cass/system/user' })).toEqual({ add: true, modify: false, delete: false, export: true, tabs: ['a', 'b'] });
    expect(resolvePageFlags(buyer, { path: '/cass/system/notice/' })).toEqual({ ...NO_FLAGS, modify: true });
  });

  it('reads a page by its permission code', () => {
    expect(resolvePageFlags(buyer, { permCode: 'content:notice:manage' }).modify).toBe(true);
  });

  it('grants nothing on a page the user has no grant for', () => {
    expect(resolvePageFlags(buyer, { path: '/cass/other' })).toEqual(NO_FLAGS);
    expect(resolvePageFlags(null, { path: '/cass/system/user' })).toEqual(NO_FLAGS);
  });

  it('lets the platform administrator do everything', () => {
    expect(resolvePageFlags(info(0), { path: '/anything' })).toEqual(ALL_FLAGS);
  });

  it('gives a supplier the flags of the named function', () => {
    const supplier = info(2, { functionVOList: [{ functionCode: 'supplier:order:deliver' }] });
    expect(resolvePageFlags(supplier, { permCode: 'supplier:order:deliver' })).toEqual(ALL_FLAGS);
    expect(resolvePageFlags(supplier, { permCode: 'supplier:item:edit' })).toEqual(NO_FLAGS);
    expect(resolvePageFlags(supplier, { path: '/cassSupplier/order' })).toEqual(ALL_FLAGS);
  });
});

describe('allowedTabs', () => {
  const tabs = [{ key: 'all' }, { key: 'a' }, { key: 'b' }];
  it('keeps the tabs limitTab names, in the page order; all when it names none', () => {
    expect(allowedTabs(tabs, { tabs: ['b', 'all', 'zzz'] })).toEqual([{ key: 'all' }, { key: 'b' }]);
    expect(allowedTabs(tabs, { tabs: null })).toEqual(tabs);
  });
});
