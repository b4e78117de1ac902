import type { Caller } from '../../../platform/auth/access.ts';
import { isPlatformAdmin } from '../../../platform/auth/admin-scope.ts';

/**
 * Pure: may the caller manage this department?
 *  - platform admin: any department;
 *  - institute scope: departments of their own institute;
 *  - department scope: their department and below as a parent (adding), strictly below for edits;
 *  - narrower scopes: none.
 */
export function canManageDept(c: Caller, d: { id: number; institute_id: number | null; path: string }, as: 'parent' | 'edit'): boolean {
  if (isPlatformAdmin(c)) return true;
  if (d.institute_id === null || d.institute_id !== c.instituteId) return false;
  if (c.dataScope === 'institute') return true;
  if (c.dataScope === 'dept' && c.deptPath !== null && d.path.startsWith(c.deptPath)) return as === 'parent' || d.path !== c.deptPath;
  return false;
}

/** Pure: the Chinese tip of delTip, naming only what is non-zero. */
export function deleteTip(u: { children: number; teams: number; members: number }): string | null {
  const parts = [u.children ? `${u.children} 个子部门` : null, u.teams ? `${u.teams} 个课题组` : null, u.members ? `${u.members} 名成员` : null].filter(
    Boolean,
  );
  return parts.length ? `该部门下有 ${parts.join('、')}，删除前请先移出` : null;
}
