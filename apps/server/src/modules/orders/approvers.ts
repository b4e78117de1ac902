import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import { holdsRoleCode } from '../rbac/role-holders.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** The steps an order passes and who acts at each: built-in role codes, bound to the order's team or institute. */
export type FlowRole = 'team' | 'institute' | 'checker' | 'finance';
const ROLE_CODE: Record<FlowRole, string> = { team: 'team_leader', institute: 'institute_owner', checker: 'checker', finance: 'finance' };

export interface OrderScope {
  institute_id: number | null;
  team_id: number | null;
}

export interface FlowUser {
  id: number;
  real_name: string | null;
  user_name: string;
  phone_num: string | null;
  email: string | null;
}

/**
 * Users who may act for `role` on an order: holders of the step's built-in role who are team
 * leaders of the order's team (members of the team or its named leader), or institute owners,
 * checkers and finance staff of the order's institute. Deleted and disabled accounts never act.
 * For a team the candidates come first from the team's members and its named leader (a few ids,
 * through user_dept_team_idx), then one lookup keeps those holding the role: two small indexed
 * queries instead of one union, which SQLite planned through a temporary b-tree at every order.
 * `onlyUser` narrows the answer to one account ("may this user act?").
 */
export async function findActors(db: Db, role: FlowRole, o: OrderScope, onlyUser?: number): Promise<FlowUser[]> {
  let candidates: number[] | null = null;
  if (role === 'team') {
    const teamId = o.team_id ?? -1;
    const rows = await db
      .selectFrom('user_dept')
      .select('user_id as id')
      .where('team_id', '=', teamId)
      .union(
        db.selectFrom('team').select('leader_user_id as id').where('id', '=', teamId).where('leader_user_id', 'is not', null).$narrowType<{ id: number }>(),
      )
      .execute();
    candidates = rows.map((r) => r.id as number).filter((id) => onlyUser === undefined || id === onlyUser);
    if (candidates.length === 0) return [];
  }
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
  if (candidates) q = q.where('app_user.id', 'in', candidates);
  else if (onlyUser !== undefined) q = q.where('app_user.id', '=', onlyUser);
  return q.orderBy('app_user.id').execute();
}

export async function canAct(db: Db, userId: number, role: FlowRole, o: OrderScope): Promise<boolean> {
  return (await findActors(db, role, o, userId)).length > 0;
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
export function holdsRole(db: Db, userId: number, role: FlowRole): Promise<boolean> {
  return holdsRoleCode(db, userId, ROLE_CODE[role]);
}
