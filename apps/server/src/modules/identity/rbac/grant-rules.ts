import type { AuthorityInput } from '@kc/contracts/identity/rbac';

/** What a user holds on one resource, folded over all their roles (flags OR-ed, tabs united). */
export interface Held {
  add: boolean;
  modify: boolean;
  del: boolean;
  exp: boolean;
  tabs: Set<string>;
}

export interface AuthorityRow {
  resource_id: number;
  add_flag: number;
  modify_flag: number;
  delete_flag: number;
  export_flag: number;
  limit_tab: string;
}

const tabsOf = (s: string) => new Set(s.split(',').filter(Boolean));

/** Pure: folds authority rows (several roles may grant one resource) into what the holder may pass on. */
export function foldHeld(rows: AuthorityRow[]): Map<number, Held> {
  const m = new Map<number, Held>();
  for (const r of rows) {
    const h = m.get(r.resource_id) ?? { add: false, modify: false, del: false, exp: false, tabs: new Set<string>() };
    h.add ||= r.add_flag === 1;
    h.modify ||= r.modify_flag === 1;
    h.del ||= r.delete_flag === 1;
    h.exp ||= r.export_flag === 1;
    for (const t of tabsOf(r.limit_tab)) h.tabs.add(t);
    m.set(r.resource_id, h);
  }
  return m;
}

/** Pure: true when a grant asks for no more than the granter holds on that resource (flags and tabs). */
export function withinHeld(g: { add: boolean; modify: boolean; del: boolean; exp: boolean; limitTab: string }, held: Held | undefined): boolean {
  if (!held) return false;
  if ((g.add && !held.add) || (g.modify && !held.modify) || (g.del && !held.del) || (g.exp && !held.exp)) return false;
  for (const t of tabsOf(g.limitTab)) if (!held.tabs.has(t)) return false;
  return true;
}

export const inputAsGrant = (a: AuthorityInput) => ({
  add: a.addJurisdiction,
  modify: a.modifyJurisdiction,
  del: a.deleteJurisdiction,
  exp: a.exportJurisdiction,
  limitTab: a.limitTab,
});

export const rowAsGrant = (r: AuthorityRow) => ({
  add: r.add_flag === 1,
  modify: r.modify_flag === 1,
  del: r.delete_flag === 1,
  exp: r.export_flag === 1,
  limitTab: r.limit_tab,
});

/** Normalises a tab list: trimmed, de-duplicated, in first-seen order. */
export const normaliseTabs = (s: string) => [...tabsOf(s)].join(',');
