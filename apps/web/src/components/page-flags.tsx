import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { useLocation } from 'react-router';
import { useUserAllInfo } from '../lib/session-queries.ts';
import { ALL_FLAGS, type PageFlag, type PageFlags, type PageKey, resolvePageFlags } from './page-flags-rule.ts';

/**
 * The current user's flags on a page: a menu entry (its path), `{ permCode }` for pages whose
 * server export checks a named page, or nothing for the page at the current location.
 */
export function usePageFlags(key?: PageKey): PageFlags {
  const { pathname } = useLocation();
  const { data: info } = useUserAllInfo();
  const path = key?.path ?? (key?.permCode ? undefined : pathname);
  const permCode = key?.permCode;
  return useMemo(() => resolvePageFlags(info, { path, permCode }), [info, path, permCode]);
}

/** The flags of the list page around a component (ListPage provides them to its cells and toolbars). */
export const PageFlagsContext = createContext<PageFlags>(ALL_FLAGS);

/** Renders its children only when the page grants `flag` (编辑 needs modify, 新增 add, 删除 delete, 导出 export). */
export function Can({ flag, flags, children }: { flag: PageFlag; flags?: PageFlags; children: ReactNode }) {
  const fromPage = useContext(PageFlagsContext);
  return (flags ?? fromPage)[flag] ? children : null;
}
