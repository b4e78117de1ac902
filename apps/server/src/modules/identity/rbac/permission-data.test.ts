import { describe, expect, it } from 'vitest';
import type { GrantRow } from './grants.repository.ts';
import { buildPermissionData } from './permission-data.ts';

let sort = 0;
const row = (p: Partial<GrantRow> & { id: number }): GrantRow => ({
  parent_id: null,
  name: `资源${p.id}`,
  type: 'menu',
  side: 1,
  path: null,
  route_name: null,
  component: null,
  icon: null,
  perm_code: null,
  sort: sort++,
  add_flag: 0,
  modify_flag: 0,
  delete_flag: 0,
  export_flag: 0,
  limit_tab: '',
  ...p,
});

describe('buildPermissionData', () => {
  it('platform side: nests menus by parent, keeps order, lists every grant in authorityList', () => {
    const rows = [
      row({ id: 1, name: '控制台', path: '/cass/dashbord', sort: 0 }),
      row({ id: 2, name: '系统管理', sort: 1 }),
      row({ id: 3, parent_id: 2, name: '用户管理', path: '/cass/system/user', perm_code: 'uac:user:view', sort: 2 }),
      row({ id: 4, parent_id: 3, name: '用户维护', type: 'button', perm_code: 'uac:user:manage', sort: 3 }),
      row({ id: 5, parent_id: 2, name: '角色管理', perm_code: 'uac:role:manage', sort: 4 }),
    ];
    const d = buildPermissionData(rows, 1);
    expect(d.menuVOList.map((m) => m.name)).toEqual(['控制台', '系统管理']);
    expect(d.menuVOList[1].child.map((m) => m.name)).toEqual(['用户管理', '角色管理']);
    // buttons are grants, not menus
    expect(d.menuVOList[1].child[0].child).toEqual([]);
    expect(d.authorityList.map((a) => a.resourceId)).toEqual([1, 2, 3, 4, 5]);
    expect(d.limitGroup).toEqual(['uac:user:view', 'uac:user:manage', 'uac:role:manage']);
    expect(d.modules).toEqual([]);
    expect(d.functionVOList).toEqual([]);
  });

  it('several roles granting one resource: flags are OR-ed and tab lists united, one entry', () => {
    const rows = [
      row({ id: 7, perm_code: 'mall:order:buy', add_flag: 1, limit_tab: 'a,b' }),
      row({ id: 7, perm_code: 'mall:order:buy', export_flag: 1, limit_tab: 'b,c' }),
      row({ id: 7, perm_code: 'mall:order:buy', delete_flag: 0, limit_tab: '' }),
    ];
    const d = buildPermissionData(rows, 1);
    expect(d.authorityList).toHaveLength(1);
    expect(d.authorityList[0]).toMatchObject({
      resourceId: 7,
      addJurisdiction: true,
      modifyJurisdiction: false,
      deleteJurisdiction: false,
      exportJurisdiction: true,
    });
    expect(d.authorityList[0].limitTab.split(',').sort()).toEqual(['a', 'b', 'c']);
    expect(d.limitGroup).toEqual(['mall:order:buy']);
    expect(d.menuVOList).toHaveLength(1);
  });

  it('a menu whose parent is not granted appears at the top level', () => {
    const d = buildPermissionData([row({ id: 9, parent_id: 8, name: '孤儿菜单' })], 0);
    expect(d.menuVOList.map((m) => m.name)).toEqual(['孤儿菜单']);
  });

  it('supplier side: modules and functions, no menus; other side grants are ignored', () => {
    const rows = [
      row({ id: 20, type: 'module', side: 2, name: '商品管理', path: '/cassSupplier/item', route_name: 'supplierItem', component: 'supplier/item' }),
      row({ id: 21, parent_id: 20, type: 'function', side: 2, name: '商品维护', perm_code: 'supplier:item:edit' }),
      row({ id: 1, name: '控制台', side: 1, perm_code: 'x:platform' }),
    ];
    const d = buildPermissionData(rows, 2);
    expect(d.modules).toEqual([{ moduleName: '商品管理', modulePath: '/cassSupplier/item', routeName: 'supplierItem', component: 'supplier/item' }]);
    expect(d.functionVOList).toEqual([{ functionCode: 'supplier:item:edit' }]);
    expect(d.menuVOList).toEqual([]);
    expect(d.authorityList).toEqual([]);
    expect(d.limitGroup).toEqual(['supplier:item:edit']);

    const platform = buildPermissionData(rows, 1);
    expect(platform.limitGroup).toEqual(['x:platform']);
    expect(platform.modules).toEqual([]);
  });

  it('no grants: empty lists', () => {
    expect(buildPermissionData([], 1)).toEqual({ limitGroup: [], authorityList: [], menuVOList: [], modules: [], functionVOList: [] });
  });
});
