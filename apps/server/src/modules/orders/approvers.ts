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

/**
 * Users who may act for `role` on an order: team leaders of the order's team (the team's named
 * leader or a holder of the team-leader role in that team); institute owners, checkers and
 * finance staff of the order's institute. Deleted and disabled accounts never act.
 */
export function actorsQuery(db: Db, role: FlowRole, o: OrderScope) {
  let q = db
    .selectFrom('app_user')
    .innerJoin('user_role', 'user_role.user_id', 'app_user.id')
    .innerJoin('role', 'role.id', 'user_role.role_id')
    .select(['app_user.id', 'app_user.real_name', 'app_user.user_name', 'app_user.phone_num', 'app_user.email'])
    .distinct()
    .where('role.code', '=', ROLE_CODE[role])
    .where('app_user.deleted', '=', 0)
    .where('app_user.status', '=', 1)
    .where('app_user.institute_id', '=', o.institute_id ?? -1);
  if (role === 'team') {
    const teamId = o.team_id ?? -1;
    q = q.where((eb) =>
      eb.or([
        eb.exists(
          eb.selectFrom('user_dept').select('user_dept.user_id').whereRef('user_dept.user_id', '=', 'app_user.id').where('user_dept.team_id', '=', teamId),
        ),
        eb.exists(eb.selectFrom('team').select('team.id').whereRef('team.leader_user_id', '=', 'app_user.id').where('team.id', '=', teamId)),
      ]),
    );
  }
  return q;
}

export async function canAct(db: Db, userId: number, role: FlowRole, o: OrderScope): Promise<boolean> {
  return !!(await actorsQuery(db, role, o).where('app_user.id', '=', userId).executeTakeFirst());
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
