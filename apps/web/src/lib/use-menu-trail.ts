import { useLocation } from 'react-router';
import { findMenuEntry } from './menu-entries.ts';
import { homePathFor } from './session.ts';
import { useUserAllInfo } from './session-queries.ts';

/**
 * Where the current page sits in the user's menus: the enclosing menu names (for the breadcrumb)
 * and the dashboard to lead back to. Pages on routes of their own (the order lists, say) get the
 * same breadcrumb as menu-driven pages this way.
 */
export function useMenuTrail(): { parents: string[]; home: string | undefined } {
  const { pathname } = useLocation();
  const { data: info } = useUserAllInfo();
  if (!info) return { parents: [], home: undefined };
  return { parents: findMenuEntry(info, pathname)?.parents ?? [], home: homePathFor(info.user.accountType) };
}
