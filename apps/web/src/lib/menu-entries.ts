import type { MenuVO, UserAllInfo } from '@kc/contracts/identity/uac';

/** One page of the server's permission lists: a menu (types 0/1) or a module (type 2). */
export interface MenuEntry {
  path: string;
  name: string;
  component: string | null;
  routeName: string | null;
  /** names of the enclosing menus, outermost first (for the breadcrumb) */
  parents: string[];
}

/** Props every menu-driven page receives: its menu entry (title, breadcrumb) and the dashboard path. */
export interface MenuPageProps {
  entry: MenuEntry;
  home: string;
}

export function normaliseMenuPath(path: string | null | undefined): string | null {
  const trimmed = path?.trim();
  if (!trimmed) return null;
  const withSlash = trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
  return withSlash.length > 1 ? withSlash.replace(/\/+$/, '') : withSlash;
}

function walk(menus: MenuVO[], parents: string[], out: MenuEntry[]) {
  for (const m of menus) {
    const path = normaliseMenuPath(m.path);
    if (path) out.push({ path, name: m.name, component: m.component, routeName: m.routeName, parents });
    if (m.child?.length) walk(m.child, [...parents, m.name], out);
  }
}

/** Every page the user's menus or modules lead to (docs/domains/platform.md#menu-pages). */
export function menuEntries(info: Pick<UserAllInfo, 'user' | 'menuVOList' | 'modules'>): MenuEntry[] {
  if (info.user.accountType === 2) {
    return info.modules.flatMap((m) => {
      const path = normaliseMenuPath(m.modulePath);
      return path ? [{ path, name: m.moduleName, component: m.component, routeName: m.routeName, parents: [] }] : [];
    });
  }
  const out: MenuEntry[] = [];
  walk(info.menuVOList, [], out);
  return out;
}

export function findMenuEntry(info: Pick<UserAllInfo, 'user' | 'menuVOList' | 'modules'>, path: string): MenuEntry | null {
  const wanted = normaliseMenuPath(path);
  return menuEntries(info).find((e) => e.path === wanted) ?? null;
}
