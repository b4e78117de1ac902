import type { MenuVO } from '@kc/contracts/identity/uac';
import type { GrantRow } from './grants.repository.ts';

export interface PermissionData {
  limitGroup: string[];
  authorityList: {
    resourceId: number;
    permCode: string | null;
    addJurisdiction: boolean;
    modifyJurisdiction: boolean;
    deleteJurisdiction: boolean;
    exportJurisdiction: boolean;
    limitTab: string;
  }[];
  menuVOList: MenuVO[];
  modules: { moduleName: string; modulePath: string | null; routeName: string | null; component: string | null }[];
  functionVOList: { functionCode: string }[];
}

/**
 * Pure: folds a user's grants (several roles may grant one resource) into the permission data of
 * docs/domains/identity.md#permission-data. Flags are OR-ed, tab lists united. Platform accounts get menus, suppliers modules.
 */
export function buildPermissionData(rows: GrantRow[], accountType: number): PermissionData {
  const byResource = new Map<number, GrantRow & { tabs: Set<string> }>();
  for (const r of rows) {
    const prev = byResource.get(r.id);
    const tabs = new Set(r.limit_tab.split(',').filter(Boolean));
    if (!prev) {
      byResource.set(r.id, { ...r, tabs });
      continue;
    }
    prev.add_flag |= r.add_flag;
    prev.modify_flag |= r.modify_flag;
    prev.delete_flag |= r.delete_flag;
    prev.export_flag |= r.export_flag;
    for (const t of tabs) prev.tabs.add(t);
  }
  const side = accountType === 2 ? 2 : 1;
  const granted = [...byResource.values()].filter((r) => r.side === side).sort((a, b) => a.sort - b.sort);
  const limitGroup = [...new Set(granted.map((r) => r.perm_code).filter((p): p is string => p !== null))];

  if (side === 2) {
    return {
      limitGroup,
      authorityList: [],
      menuVOList: [],
      modules: granted
        .filter((r) => r.type === 'module')
        .map((r) => ({ moduleName: r.name, modulePath: r.path, routeName: r.route_name, component: r.component })),
      functionVOList: granted.filter((r) => r.type === 'function' && r.perm_code).map((r) => ({ functionCode: r.perm_code as string })),
    };
  }

  const menus = granted.filter((r) => r.type === 'menu');
  const nodes = new Map<number, MenuVO>(
    menus.map((r) => [r.id, { id: r.id, name: r.name, path: r.path, routeName: r.route_name, component: r.component, icon: r.icon, child: [] }]),
  );
  const menuVOList: MenuVO[] = [];
  for (const r of menus) {
    const node = nodes.get(r.id) as MenuVO;
    const parent = r.parent_id === null ? undefined : nodes.get(r.parent_id);
    if (parent) parent.child.push(node);
    else menuVOList.push(node);
  }
  return {
    limitGroup,
    authorityList: granted.map((r) => ({
      resourceId: r.id,
      permCode: r.perm_code,
      addJurisdiction: r.add_flag === 1,
      modifyJurisdiction: r.modify_flag === 1,
      deleteJurisdiction: r.delete_flag === 1,
      exportJurisdiction: r.export_flag === 1,
      limitTab: [...r.tabs].join(','),
    })),
    menuVOList,
    modules: [],
    functionVOList: [],
  };
}
