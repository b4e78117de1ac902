import { type Expression, type ExpressionBuilder, expressionBuilder, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { Caller } from '../auth/access.ts';
import type { DB } from './schema.ts';

/**
 * The one data-scope model. Who may see a row is a `Scope`, decided from the caller (by their
 * roles' widest data scope for user lists, by the role a list serves for order lists); each table
 * says once, in its repository, how its rows meet a scope (`ScopeColumns`); `scopeWhere` turns the
 * two into one SQL condition. Lists and details of every domain go through it, so "what may this
 * caller see" is answered in the query, never by filtering rows afterwards.
 *
 *  - all        every row (platform admin)
 *  - institute  rows of one institute
 *  - dept       rows of one institute whose department is the given one or below (dept.path prefix)
 *  - teams      rows of one institute belonging to one of the given teams
 *  - self       rows the user owns (the table says which columns name an owner)
 *  - none       no row at all (a role the caller lacks)
 */
export type Scope =
  | { kind: 'all' }
  | { kind: 'institute'; instituteId: number }
  | { kind: 'dept'; instituteId: number; deptPath: string }
  | { kind: 'teams'; instituteId: number; teamIds: number[] }
  | { kind: 'self'; userId: number }
  | { kind: 'none' };

type Eb<TB extends keyof DB> = ExpressionBuilder<DB, TB>;

/** How a table's rows meet each kind of scope; a kind the table does not support is left out and matches nothing. */
export interface ScopeColumns<TB extends keyof DB> {
  institute?: (eb: Eb<TB>, instituteId: number) => Expression<SqlBool>;
  /** rows whose department is at or below the path (a prefix such as `/3/5/`) */
  dept?: (eb: Eb<TB>, pathPrefix: string) => Expression<SqlBool>;
  /** rows of one of the teams (of the institute: a table without an institute column may ignore it) */
  teams?: (eb: Eb<TB>, teamIds: number[], instituteId: number) => Expression<SqlBool>;
  self?: (eb: Eb<TB>, userId: number) => Expression<SqlBool>;
}

/** One SQL condition for a scope on a table, or null for "every row". */
export function scopeWhere<TB extends keyof DB>(scope: Scope, cols: ScopeColumns<TB>): Expression<SqlBool> | null {
  const eb = expressionBuilder<DB, TB>();
  const never = () => sql<SqlBool>`1 = 0`;
  switch (scope.kind) {
    case 'all':
      return null;
    case 'institute':
      return cols.institute ? cols.institute(eb, scope.instituteId) : never();
    case 'dept':
      return cols.institute && cols.dept ? eb.and([cols.institute(eb, scope.instituteId), cols.dept(eb, `${scope.deptPath}%`)]) : never();
    case 'teams':
      return cols.teams && scope.teamIds.length ? cols.teams(eb, scope.teamIds, scope.instituteId) : never();
    case 'self':
      return cols.self ? cols.self(eb, scope.userId) : never();
    default:
      return never();
  }
}

/**
 * The scope a caller's roles give over people and their records (user lists, audit logs): the
 * widest data scope of their roles, narrowed to self when it needs an institute, department or
 * team the caller does not have.
 */
export function callerScope(c: Caller): Scope {
  const self: Scope = { kind: 'self', userId: c.userId };
  switch (c.dataScope) {
    case 'all':
      return { kind: 'all' };
    case 'institute':
      return c.instituteId === null ? self : { kind: 'institute', instituteId: c.instituteId };
    case 'dept':
      return c.instituteId === null || c.deptPath === null ? self : { kind: 'dept', instituteId: c.instituteId, deptPath: c.deptPath };
    case 'team':
      return c.teamId === null || c.instituteId === null ? self : { kind: 'teams', instituteId: c.instituteId, teamIds: [c.teamId] };
    default:
      return self;
  }
}

/** How `app_user` rows meet a scope: by institute, by membership of a department at or below the path, of a team, or the user themself. */
export const APP_USER_SCOPE: ScopeColumns<'app_user'> = {
  institute: (eb, instituteId) => eb('app_user.institute_id', '=', instituteId),
  dept: (eb, prefix) =>
    eb.exists(
      eb
        .selectFrom('user_dept as sd')
        .innerJoin('dept as sdd', 'sdd.id', 'sd.dept_id')
        .select('sd.user_id')
        .whereRef('sd.user_id', '=', 'app_user.id')
        .where('sdd.status', '=', 1)
        .where('sdd.path', 'like', prefix),
    ),
  teams: (eb, teamIds) =>
    eb.exists(eb.selectFrom('user_dept as st').select('st.user_id').whereRef('st.user_id', '=', 'app_user.id').where('st.team_id', 'in', teamIds)),
  self: (eb, userId) => eb('app_user.id', '=', userId),
};

/** Narrows any query over `app_user` to the people the caller's roles let them see (user lists, details, audit rows). */
export function applyUserScope<TB extends keyof DB, O>(qb: SelectQueryBuilder<DB, TB | 'app_user', O>, c: Caller): SelectQueryBuilder<DB, TB | 'app_user', O> {
  const cond = scopeWhere(callerScope(c), APP_USER_SCOPE as ScopeColumns<TB | 'app_user'>);
  return cond ? qb.where(cond) : qb;
}

/**
 * How rows that copy their order's parties (institute, department, team, buyer and who placed or
 * wrote it) meet a scope: 售后 requests, complaints and comments. `owners` are the columns naming
 * the people who count as "self".
 */
export function orderPartiesScope<TB extends 'after_sale' | 'complaint' | 'item_comment'>(table: TB, owners: string[]): ScopeColumns<TB> {
  const col = (c: string) => sql.ref<number | null>(`${table}.${c}`);
  return {
    institute: (eb, instituteId) => eb(col('institute_id'), '=', instituteId),
    dept: (_eb, prefix) => sql<SqlBool>`exists (select 1 from dept pd where pd.id = ${col('dept_id')} and pd.path like ${prefix})`,
    teams: (eb, teamIds, instituteId) => eb.and([eb(col('institute_id'), '=', instituteId), eb(col('team_id'), 'in', teamIds)]),
    self: (eb, userId) => eb.or(owners.map((o) => eb(col(o), '=', userId))),
  };
}
