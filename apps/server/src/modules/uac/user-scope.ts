import { type Expression, expressionBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { Caller } from '../../platform/auth/access.ts';
import type { DB } from '../../platform/db/schema.ts';

/**
 * The users a caller may see, as one SQL condition on `app_user` (null: everyone).
 *  - all        every account (platform admin)
 *  - institute  accounts of the caller's institute
 *  - dept       accounts with a department in the caller's current department or below (dept.path prefix)
 *  - team       accounts in the caller's team
 *  - self       only the caller
 * A scope that needs an institute, department or team the caller lacks falls back to self.
 */
export function userScopeCondition(c: Caller): Expression<SqlBool> | null {
  const eb = expressionBuilder<DB, 'app_user'>();
  const self = eb('app_user.id', '=', c.userId);
  switch (c.dataScope) {
    case 'all':
      return null;
    case 'institute':
      return c.instituteId === null ? self : eb('app_user.institute_id', '=', c.instituteId);
    case 'dept': {
      if (c.instituteId === null || c.deptPath === null) return self;
      const prefix = `${c.deptPath}%`;
      return eb.and([
        eb('app_user.institute_id', '=', c.instituteId),
        eb.exists(
          eb
            .selectFrom('user_dept as sd')
            .innerJoin('dept as sdd', 'sdd.id', 'sd.dept_id')
            .select('sd.user_id')
            .whereRef('sd.user_id', '=', 'app_user.id')
            .where('sdd.status', '=', 1)
            .where('sdd.path', 'like', prefix),
        ),
      ]);
    }
    case 'team':
      if (c.teamId === null) return self;
      return eb.exists(eb.selectFrom('user_dept as st').select('st.user_id').whereRef('st.user_id', '=', 'app_user.id').where('st.team_id', '=', c.teamId));
    default:
      return self;
  }
}

/** Narrows any query over `app_user` to the caller's data scope; the one helper behind user lists and details. */
export function applyUserScope<TB extends keyof DB, O>(qb: SelectQueryBuilder<DB, TB | 'app_user', O>, c: Caller): SelectQueryBuilder<DB, TB | 'app_user', O> {
  const cond = userScopeCondition(c);
  return cond ? qb.where(cond) : qb;
}
