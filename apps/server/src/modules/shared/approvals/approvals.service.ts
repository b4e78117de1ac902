import type { Transaction } from 'kysely';
import { writeAudit } from '../../../platform/audit/audit.ts';
import type { Caller } from '../../../platform/auth/access.ts';
import type { Who } from '../../../platform/auth/who.ts';
import type { DB } from '../../../platform/db/schema.ts';
import { fail } from '../../../platform/http/errors.ts';
import type { FlowRole, FlowScope, FlowUser } from './approvers.repository.ts';
import { type DutyParties, dutyConflict, independentOf } from './duties.ts';
import { type ApprovalStep, approvalPlan, type FlowConfig, type PlannedStep } from './flow.ts';
import { RecipientCache } from './recipients.ts';

/** What the service needs of storage (ApproversRepository; in-memory fakes in the service tests). */
export interface ApproversStore {
  actors(role: FlowRole, o: FlowScope, onlyUser?: number): Promise<FlowUser[]>;
  actsAtAny(userId: number, roles: FlowRole[], o: FlowScope): Promise<boolean>;
  ledTeams(userId: number): Promise<number[]>;
  holdsRole(userId: number, role: FlowRole): Promise<boolean>;
  flow(instituteId: number | null): Promise<FlowConfig>;
  saveFlow(instituteId: number, f: FlowConfig, by: number): Promise<unknown>;
  instituteExists(id: number): Promise<boolean>;
  flowPage(
    f: { name?: string; onlyId?: number },
    offset: number,
    limit: number,
  ): Promise<{ total: number; records: (FlowConfig & { instituteId: number; instituteName: string; configured: boolean; updatedAt: string | null })[] }>;
  inTransaction<T>(fn: (repo: ApproversStore, trx: Transaction<DB>) => Promise<T>): Promise<T>;
  /** the same store bound to a transaction opened by the calling domain */
  within(trx: Transaction<DB>): ApproversStore;
}

export interface ChainPlan {
  steps: ApprovalStep[];
  /** each step with the reason the order takes it (shown at checkout before submission) */
  reasons: PlannedStep[];
  checkerRequired: boolean;
}

/**
 * Approval chains for every domain: each institute's flow configuration, the chain a document
 * takes, who may act at a step (always asked of the database), whom to tell (cached per acl
 * version), and separation of duties. Documents reach it with their scope (institute, team) and
 * their parties; they keep their own states in a transitions table (./transitions.ts).
 */
export class ApprovalsService {
  private readonly recipientCache = new RecipientCache();

  constructor(private readonly repo: ApproversStore) {}

  /**
   * Loaded before a placing transaction (on SQLite a read outside it would wait for it to end):
   * the flow of the institute and the team's leaders, then a pure function planning each document.
   */
  async planner(
    scope: FlowScope,
    aclVersion: string | null,
  ): Promise<(o: { total: number; hasHazard: boolean; parties: DutyParties; chargesOthersCard?: boolean }) => ChainPlan> {
    const [flow, leaders] = await Promise.all([
      this.repo.flow(scope.institute_id),
      scope.team_id === null ? Promise.resolve([]) : this.recipients('team', scope, aclVersion),
    ]);
    return (o) => {
      const reasons = approvalPlan(flow, {
        total: o.total,
        hasHazard: o.hasHazard,
        hasTeam: scope.team_id !== null,
        // every leader of the team is a party: the step goes to the institute instead
        teamLedByParty: leaders.length > 0 && independentOf(leaders, o.parties).length === 0,
        chargesOthersCard: o.chargesOthersCard,
      });
      return { steps: reasons.map((r) => r.step), reasons, checkerRequired: flow.checkerEnabled === 1 };
    };
  }

  /**
   * May `userId` decide at `role` on a document of `scope` with these parties? Not an actor of the
   * step: null (the caller answers "not found", revealing nothing); an actor who is a party: the reason.
   */
  async authorise(userId: number, role: FlowRole, scope: FlowScope, parties: DutyParties): Promise<'ok' | 'not-actor' | string> {
    if (!(await this.canAct(userId, role, scope))) return 'not-actor';
    return dutyConflict(userId, parties) ?? 'ok';
  }

  canAct(userId: number, role: FlowRole, scope: FlowScope): Promise<boolean> {
    return this.repo.actors(role, scope, userId).then((r) => r.length > 0);
  }

  /** Whether the user acts at any of these steps for a document (who may read it, for instance). */
  canActAtAny(userId: number, roles: FlowRole[], scope: FlowScope): Promise<boolean> {
    return this.repo.actsAtAny(userId, roles, scope);
  }

  ledTeams(userId: number) {
    return this.repo.ledTeams(userId);
  }

  holdsRole(userId: number, role: FlowRole) {
    return this.repo.holdsRole(userId, role);
  }

  /** Whom to tell at a step; inside a transaction pass it (SQLite has one connection). */
  recipients(role: FlowRole, scope: FlowScope, aclVersion: string | null, trx?: Transaction<DB>): Promise<FlowUser[]> {
    const repo = trx ? this.repo.within(trx) : this.repo;
    return this.recipientCache.get(role, scope, aclVersion, () => repo.actors(role, scope));
  }

  // ── configuration and lookups (/mall/v1/approval/flow, /uac/v1/caas-user/…) ──
  /** The settings page: institutes with their flows; outside the platform admin only the caller's institute. */
  async flowPage(c: Caller, f: { name?: string }, current: number, size: number) {
    const onlyId = c.dataScope === 'all' ? undefined : (c.instituteId ?? -1);
    const { total, records } = await this.repo.flowPage({ name: f.name, onlyId }, (current - 1) * size, size);
    return { records, total, current, size };
  }

  /** An institute's flow for its settings page: the platform admin any institute, anyone else only their own. */
  async flowFor(c: Caller, instituteId: number) {
    await this.ownInstitute(c, instituteId);
    return this.repo.flow(instituteId);
  }

  async saveFlow(w: Who, instituteId: number, f: FlowConfig) {
    await this.ownInstitute(w.caller, instituteId);
    await this.repo.inTransaction(async (r, trx) => {
      await r.saveFlow(instituteId, f, w.caller.userId);
      await writeAudit(trx, { userId: w.caller.userId, action: 'approvalFlow.save', target: `institute:${instituteId}`, detail: f, ip: w.ip });
    });
  }

  /** A foreign or unknown institute reads as not found (its existence is not revealed). */
  private async ownInstitute(c: Caller, instituteId: number) {
    const foreign = c.dataScope !== 'all' && c.instituteId !== instituteId;
    if (foreign || !(await this.repo.instituteExists(instituteId))) fail('NOT_FOUND', '研究所不存在');
  }

  /** Outside the platform admin, lookups stay inside the caller's institute. */
  lookupScope(c: Caller, q: { teamId?: number; instituteId?: number }): FlowScope {
    const instituteId = c.accountType === 0 ? (q.instituteId ?? null) : c.instituteId;
    if (c.accountType !== 0 && q.instituteId !== undefined && q.instituteId !== c.instituteId) fail('FORBIDDEN');
    return { institute_id: instituteId, team_id: q.teamId ?? null };
  }

  /** queryUserByRoleAndDept: who may act for a role on a given team/institute. */
  async actors(role: FlowRole, scope: FlowScope) {
    return (await this.repo.actors(role, scope)).map((u) => ({ id: u.id, realName: u.real_name, userName: u.user_name }));
  }
}
