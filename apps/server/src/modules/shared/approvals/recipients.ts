import type { FlowRole, FlowScope, FlowUser } from './approvers.repository.ts';

const MAX_AGE_MS = 60_000;

/**
 * Whom to notify for a step (its team's leaders, its institute's owners or checkers), remembered
 * per process like the caller cache: keyed by the acl version the request saw, which every change
 * of roles, teams, departments or accounts bumps (all processes at once), and never older than a
 * minute. Only for messages and chain planning: whether someone may act is always asked of the
 * database (canAct).
 */
export class RecipientCache {
  private readonly map = new Map<string, { ver: string | null; at: number; users: FlowUser[] }>();

  async get(role: FlowRole, o: FlowScope, aclVersion: string | null, load: () => Promise<FlowUser[]>): Promise<FlowUser[]> {
    const key = `${role}:${o.institute_id}:${o.team_id}`;
    const hit = this.map.get(key);
    const now = Date.now();
    if (hit && hit.ver === aclVersion && now - hit.at < MAX_AGE_MS) return hit.users;
    const users = await load();
    if (this.map.size >= 10_000) this.map.clear();
    this.map.set(key, { ver: aclVersion, at: now, users });
    return users;
  }
}
