import type { MenuVO, UserAllInfo } from '@kc/contracts/identity/uac';
import { hasPerm } from '../lib/access.ts';
import { normaliseMenuPath } from '../lib/menu-entries.ts';

/**
 * What a role may do on one page (docs/domains/identity.md#permission-data): add,
 * modify, delete, export, and the tabs it may see (`null`: every tab).
 */
export interface PageFlags {
  add: boolean;
  modify: boolean;
  delete: boolean;
  export: boolean;
  tabs: string[] | null;
}
export type PageFlag = Exclude<keyof PageFlags, 'tabs'>;

/** Every flag, every tab: the platform administrator, and pages of one's own records. */
export const ALL_FLAGS: PageFlags = { add: true, modify: true, delete: true, export: true, tabs: null };
export const NO_FLAGS: PageFlags = { add: false, modify: false, delete: false, export: false, tabs: null };

/** Which page: its menu path (the menu's resource id finds its grant), or the permission code its resource carries. */
export interface PageKey {
  path?: string | null;
  permCode?: string;
}

type Info = Pick<UserAllInfo, 'user' | 'limitGroup' | 'functionVOList' | 'authorityList' | 'menuVOList'>;

function menuIdOf(menus: MenuVO[], path: string): number | null {
  for (const m of menus) {
    if (normaliseMenuPath(m.path) === path) return m.id;
    const inner = menuIdOf(m.child, path);
    if (inner !== null) return inner;
  }
  return null;
}

/**
 * The flags of a page for a user. Account type 0 (platform administrator) may do everything. A
 * supplier (type 2) has no authority list: the page's named function permission grants all four
 * (no code: the module itself does). A buyer-side account reads the authorityList entry of the
 * page's resource, by permission code or else by the menu's id; an empty limitTab limits nothing.
 */
export function resolvePageFlags(info: Info | null | undefined, key: PageKey): PageFlags {
  if (!info) return NO_FLAGS;
  if (info.user.accountType === 0) return ALL_FLAGS;
  if (info.user.accountType === 2) return key.permCode && !hasPerm(info, key.permCode) ? NO_FLAGS : ALL_FLAGS;
  const path = normaliseMenuPath(key.path);
  const resourceId = path ? menuIdOf(info.menuVOList, path) : null;
  const grant = key.permCode
    ? info.authorityList.find((a) => a.permCode === key.permCode)
    : resourceId !== null
      ? info.authorityList.find((a) => a.resourceId === resourceId)
      : undefined;
  if (!grant) return NO_FLAGS;
  const tabs = grant.limitTab
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  return {
    add: grant.addJurisdiction,
    modify: grant.modifyJurisdiction,
    delete: grant.deleteJurisdiction,
    export: grant.exportJurisdiction,
    tabs: tabs.length ? tabs : null,
  };
}

/** The tabs a page shows: those its limitTab names (all when it names none), in the page's order. */
export function allowedTabs<T extends { key: string }>(tabs: readonly T[], flags: Pick<PageFlags, 'tabs'>): T[] {
  const allowed = flags.tabs;
  return allowed ? tabs.filter((t) => allowed.includes(t.key)) : [...tabs];
}
