import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** The steps an order passes and who acts at each: built-in role codes, bound to the order's team or institute. */
export type FlowRole = 'team' | 'institute' | 'checker' | 'finance';
const ROLE_CODE: Record<FlowRole, string> = { team: 'team_leader', institute: 'institute_owner', checker: 'checker', finance: 'finance' };

export interface OrderScope {
  institute_id: number | null;
  team_id: number | null;
}

const ACTOR_COLUMNS = ['app_user.id', 'app_user.real_name', 'app_user.user_name', 'app_user.phone_num', 'app_user.email'] as const;

/**
 * Users who may act for `role` on an order: holders of the step's built-in role who are team
 * leaders of the order's team (members of the team or its named leader), or institute owners,
 * checkers and finance staff of the order's institute. Deleted and disabled accounts never act.
 * Each branch starts from the small set (the team's members, the role's holders) through an
 * index, so the cost does not grow with the institute's head count. `onlyUser` narrows every
 * branch to one account ("may this user act?").
 */
export function actorsQuery(db: Db, role: FlowRole, o: OrderScope, onlyUser?: number) {
  const code = ROLE_CODE[role];
  const active = <Q extends { where: (...a: never[]) => unknown }>(q: Q) => q;
  const holders = (from: 'team_members' | 'team_leader' | 'role') => {
    let q =
      from === 'team_members'
        ? db
            .selectFrom('user_dept')
            .innerJoin('app_user', 'app_user.id', 'user_dept.user_id')
            .where('user_dept.team_id', '=', o.team_id ?? -1)
        : from === 'team_leader'
          ? db
              .selectFrom('team')
              .innerJoin('app_user', 'app_user.id', 'team.leader_user_id')
              .where('team.id', '=', o.team_id ?? -1)
          : db.selectFrom('app_user');
    q = q
      .innerJoin('user_role', 'user_role.user_id', 'app_user.id')
      .innerJoin('role', 'role.id', 'user_role.role_id')
      .where('role.code', '=', code)
      .where('app_user.deleted', '=', 0)
      .where('app_user.status', '=', 1)
      .where('app_user.institute_id', '=', o.institute_id ?? -1) as typeof q;
    if (onlyUser !== undefined) q = q.where('app_user.id', '=', onlyUser) as typeof q;
    return active(q).select([...ACTOR_COLUMNS]);
  };
  // UNION removes the duplicates (a member who is also the named leader)
  return role === 'team' ? holders('team_members').union(holders('team_leader')) : holders('role').distinct();
}

export async function canAct(db: Db, userId: number, role: FlowRole, o: OrderScope): Promise<boolean> {
  return (await actorsQuery(db, role, o, userId).execute()).length > 0;
}

/** Team ids a user leads (named leader or team-leader role in the team). */
export async function ledTeams(db: Db, userId: number): Promise<number[]> {
  const [named, member] = await Promise.all([
    db.selectFrom('team').select('id').where('leader_user_id', '=', userId).execute(),
    db
      .selectFrom('user_dept')
      .innerJoin('user_role', 'user_role.user_id', 'user_dept.user_id')
      .innerJoin('role', 'role.id', 'user_role.role_id')
      .select('user_dept.team_id')
      .where('user_dept.user_id', '=', userId)
      .where('role.code', '=', ROLE_CODE.team)
      .where('user_dept.team_id', 'is not', null)
      .execute(),
  ]);
  return [...new Set([...named.map((t) => t.id), ...member.map((t) => t.team_id as number)])];
}

/** Whether a user holds the built-in role of a flow step (anywhere). */
export async function holdsRole(db: Db, userId: number, role: FlowRole): Promise<boolean> {
  return !!(await db
    .selectFrom('user_role')
    .innerJoin('role', 'role.id', 'user_role.role_id')
    .select('role.id')
    .where('user_role.user_id', '=', userId)
    .where('role.code', '=', ROLE_CODE[role])
    .executeTakeFirst());
}
