import type { StatLevel, StatQuery } from '@kc/contracts/ledgers/statistics';
import { type Caller, scopeCovers } from '../../../platform/auth/access.ts';
import { fail } from '../../../platform/http/errors.ts';
import { collegeOfPath } from './spend-ledger.ts';
import type { StatScopeRepository } from './statistics-scope.repository.ts';

/** What deciding a scope reads (StatScopeRepository). */
type ScopeLookups = Pick<StatScopeRepository, 'ledTeams' | 'team' | 'dept' | 'institute'>;

/**
 * Which facts a statistics call covers: exactly one of these is set (none set = every institute,
 * the platform's institution view). Decided here from the caller, never from the client alone: a
 * named team, college or institute is checked against the caller's role and institute.
 */
export interface StatFilter {
  userId?: number;
  teamIds?: number[];
  collegeId?: number;
  instituteId?: number;
  /** shown above the charts: 本人, the team's, college's or institute's name */
  name: string;
}

const REFUSED: Record<Exclude<StatLevel, 'person'>, string> = {
  team: '您不是课题组长，无权查看课题组统计',
  college: '无权查看部门统计',
  institution: '无权查看研究所统计',
};

/** The caller's own college: the top-level department above their current department. */
export const ownCollege = (c: Caller) => collegeOfPath(c.deptPath);

export async function resolveScope(
  lookups: ScopeLookups,
  c: Caller,
  level: StatLevel,
  q: Pick<StatQuery, 'teamId' | 'collegeId' | 'instituteId'>,
): Promise<StatFilter> {
  if (c.accountType === 2) fail('FORBIDDEN', '供应商账号不能查看采购统计');
  const all = c.dataScope === 'all';
  switch (level) {
    case 'person':
      return { userId: c.userId, name: '本人' };
    case 'team': {
      if (q.teamId !== undefined) {
        const t = await lookups.team(q.teamId);
        const mayName = t && (all || t.leader_user_id === c.userId || (scopeCovers(c.dataScope, 'institute') && t.institute_id === c.instituteId));
        if (!t || !mayName) return fail('FORBIDDEN', '无权查看该课题组的统计');
        return { teamIds: [t.id], name: t.name };
      }
      const led = await lookups.ledTeams(c.userId);
      if (led.length === 0) return fail('FORBIDDEN', REFUSED.team);
      return { teamIds: led.map((t) => t.id), name: led.map((t) => t.name).join('、') };
    }
    case 'college': {
      if (!scopeCovers(c.dataScope, 'dept')) return fail('FORBIDDEN', REFUSED.college);
      const own = ownCollege(c);
      const id = q.collegeId ?? own;
      if (id === null) return fail('BAD_REQUEST', '请选择部门');
      const d = await lookups.dept(id);
      const isCollege = d && collegeOfPath(d.path) === d.id;
      // a department-scoped role sees its own college; institute roles any college of their institute
      const mayName = isCollege && (all || (c.dataScope === 'institute' ? d.institute_id === c.instituteId : id === own));
      if (!d || !mayName) return fail('FORBIDDEN', '无权查看该部门的统计');
      return { collegeId: d.id, name: d.name };
    }
    case 'institution': {
      if (!scopeCovers(c.dataScope, 'institute')) return fail('FORBIDDEN', REFUSED.institution);
      const id = all ? q.instituteId : (c.instituteId ?? undefined);
      if (!all && (id === undefined || (q.instituteId !== undefined && q.instituteId !== id))) return fail('FORBIDDEN', '无权查看该研究所的统计');
      if (id === undefined) return { name: '全部研究所' };
      const i = await lookups.institute(id);
      if (!i) return fail('NOT_FOUND', '研究所不存在');
      return { instituteId: i.id, name: i.name };
    }
  }
}

/** The levels a caller may open: person always; team when they lead one (or see their institute); college and institution by their data scope. */
export async function levelsFor(lookups: ScopeLookups, c: Caller): Promise<StatLevel[]> {
  const levels: StatLevel[] = ['person'];
  const wide = scopeCovers(c.dataScope, 'institute');
  if (wide || (await lookups.ledTeams(c.userId)).length > 0) levels.push('team');
  if (scopeCovers(c.dataScope, 'dept') && (wide || ownCollege(c) !== null)) levels.push('college');
  if (wide) levels.push('institution');
  return levels;
}
