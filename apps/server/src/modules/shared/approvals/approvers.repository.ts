import { FLOW_ROLE_CODE, type FlowRole } from '@kc/contracts/platform/permissions';
import type { Transaction } from 'kysely';
import { holdsRoleCode } from '../../../platform/auth/role-holders.ts';
import { nowIso } from '../../../platform/db/database.ts';
import type { Executor } from '../../../platform/db/executor.ts';
import { containsText } from '../../../platform/db/like.ts';
import type { ApprovalFlowTable, DB } from '../../../platform/db/schema.ts';
import { DEFAULT_FLOW, type FlowConfig } from './flow.ts';

/** The roles that act in approval chains (contracts' FLOW_ROLES): built-in role codes, bound to a document's team or institute. */
export type { FlowRole };

/** Where a document sits: the institute and team whose approvers act on it. */
export interface FlowScope {
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

const bit = (v: number): 0 | 1 => (v ? 1 : 0);
type FlowRow = Pick<
  ApprovalFlowTable,
  'team_enabled' | 'team_threshold' | 'institute_enabled' | 'institute_threshold' | 'checker_enabled' | 'hazard_requires_institute'
>;
const flowOf = (r: FlowRow): FlowConfig => ({
  teamEnabled: bit(r.team_enabled),
  teamThreshold: r.team_threshold,
  instituteEnabled: bit(r.institute_enabled),
  instituteThreshold: r.institute_threshold,
  checkerEnabled: bit(r.checker_enabled),
  hazardRequiresInstitute: bit(r.hazard_requires_institute),
});

/** SQL of approval chains: who holds a step's role for a scope, which teams a user leads, and each institute's flow. */
export class ApproversRepository {
  constructor(private readonly db: Executor) {}

  inTransaction<T>(fn: (repo: ApproversRepository, trx: Transaction<DB>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => fn(new ApproversRepository(trx), trx));
  }

  within(trx: Transaction<DB>) {
    return new ApproversRepository(trx);
  }

  /**
   * Users who may act for `role` on a document: holders of the step's built-in role who are team
   * leaders of its team (members of the team or its named leader), or institute owners, checkers
   * and finance staff of its institute. Deleted and disabled accounts never act.
   * For a team the candidates come first from the team's members and its named leader (a few ids,
   * through user_dept_team_idx), then one lookup keeps those holding the role: two small indexed
   * queries instead of one union, which SQLite planned through a temporary b-tree at every order.
   * `onlyUser` narrows the answer to one account ("may this user act?").
   */
  async actors(role: FlowRole, o: FlowScope, onlyUser?: number): Promise<FlowUser[]> {
    const db = this.db;
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
      .where('role.code', '=', FLOW_ROLE_CODE[role])
      .where('app_user.deleted', '=', 0)
      .where('app_user.status', '=', 1)
      .where('app_user.institute_id', '=', o.institute_id ?? -1);
    if (candidates) q = q.where('app_user.id', 'in', candidates);
    else if (onlyUser !== undefined) q = q.where('app_user.id', '=', onlyUser);
    return q.orderBy('app_user.id').execute();
  }

  /**
   * Whether a user acts at any of these steps for a document: the institute-wide roles in one
   * lookup, the team leader (whose candidates come from the team) only when that is not enough.
   */
  async actsAtAny(userId: number, roles: FlowRole[], o: FlowScope): Promise<boolean> {
    const wide = roles.filter((r) => r !== 'team');
    if (wide.length) {
      const hit = await this.db
        .selectFrom('app_user')
        .innerJoin('user_role', 'user_role.user_id', 'app_user.id')
        .innerJoin('role', 'role.id', 'user_role.role_id')
        .select('app_user.id')
        .where('app_user.id', '=', userId)
        .where(
          'role.code',
          'in',
          wide.map((r) => FLOW_ROLE_CODE[r]),
        )
        .where('app_user.deleted', '=', 0)
        .where('app_user.status', '=', 1)
        .where('app_user.institute_id', '=', o.institute_id ?? -1)
        .executeTakeFirst();
      if (hit) return true;
    }
    return roles.includes('team') && (await this.actors('team', o, userId)).length > 0;
  }

  /** Team ids a user leads (named leader or team-leader role in the team). */
  async ledTeams(userId: number): Promise<number[]> {
    const [named, member] = await Promise.all([
      this.db.selectFrom('team').select('id').where('leader_user_id', '=', userId).execute(),
      this.db
        .selectFrom('user_dept')
        .innerJoin('user_role', 'user_role.user_id', 'user_dept.user_id')
        .innerJoin('role', 'role.id', 'user_role.role_id')
        .select('user_dept.team_id')
        .where('user_dept.user_id', '=', userId)
        .where('role.code', '=', FLOW_ROLE_CODE.team)
        .where('user_dept.team_id', 'is not', null)
        .execute(),
    ]);
    return [...new Set([...named.map((t) => t.id), ...member.map((t) => t.team_id as number)])];
  }

  /** Whether a user holds the built-in role of a flow step (anywhere). */
  holdsRole(userId: number, role: FlowRole): Promise<boolean> {
    return holdsRoleCode(this.db, userId, FLOW_ROLE_CODE[role]);
  }

  async flow(instituteId: number | null): Promise<FlowConfig> {
    if (instituteId === null) return DEFAULT_FLOW;
    const r = await this.db.selectFrom('approval_flow').selectAll().where('institute_id', '=', instituteId).executeTakeFirst();
    return r ? flowOf(r) : DEFAULT_FLOW;
  }

  /** A page of institutes (name contains; only `onlyId` when given) with their flows, the default where none is saved. */
  async flowPage(f: { name?: string; onlyId?: number }, offset: number, limit: number) {
    let q = this.db.selectFrom('institute');
    if (f.name) q = q.where(containsText('institute.name', f.name));
    if (f.onlyId !== undefined) q = q.where('institute.id', '=', f.onlyId);
    const [{ n }, rows] = await Promise.all([
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      q
        .leftJoin('approval_flow', 'approval_flow.institute_id', 'institute.id')
        .select([
          'institute.id',
          'institute.name',
          'approval_flow.team_enabled',
          'approval_flow.team_threshold',
          'approval_flow.institute_enabled',
          'approval_flow.institute_threshold',
          'approval_flow.checker_enabled',
          'approval_flow.hazard_requires_institute',
          'approval_flow.updated_at',
        ])
        .orderBy('institute.id')
        .offset(offset)
        .limit(limit)
        .execute(),
    ]);
    const records = rows.map((r) => ({
      instituteId: r.id,
      instituteName: r.name,
      configured: r.updated_at !== null,
      updatedAt: r.updated_at,
      ...(r.team_enabled === null ? DEFAULT_FLOW : flowOf(r as FlowRow)),
    }));
    return { total: Number(n), records };
  }

  async instituteExists(id: number) {
    return (await this.db.selectFrom('institute').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
  }

  saveFlow(instituteId: number, f: FlowConfig, by: number) {
    const row = {
      team_enabled: f.teamEnabled,
      team_threshold: f.teamThreshold,
      institute_enabled: f.instituteEnabled,
      institute_threshold: f.instituteThreshold,
      checker_enabled: f.checkerEnabled,
      hazard_requires_institute: f.hazardRequiresInstitute,
      updated_by: by,
      updated_at: nowIso(),
    };
    return this.db
      .insertInto('approval_flow')
      .values({ institute_id: instituteId, ...row })
      .onConflict((oc) => oc.column('institute_id').doUpdateSet(row))
      .execute();
  }
}
