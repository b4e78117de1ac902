import type { Transaction } from 'kysely';
import type { ApproversStore } from '../../src/modules/shared/approvals/approvals.service.ts';
import type { FlowRole } from '../../src/modules/shared/approvals/approvers.repository.ts';
import { DEFAULT_FLOW, type FlowConfig } from '../../src/modules/shared/approvals/flow.ts';
import type { Caller } from '../../src/platform/auth/access.ts';
import type { DB } from '../../src/platform/db/schema.ts';

/**
 * What the in-memory service tests share (orders' moves, claims, statements, payments): a caller
 * with only what a test names, and the approvers directory over a fixed list of role holders, so
 * the real ApprovalsService (separation of duties included) decides.
 */

/** A signed-in caller: a buyer-side account of institute 1 unless the test says otherwise. */
export const fakeCaller = (o: Partial<Caller> = {}): Caller => ({
  userId: 1,
  userName: `u${o.userId ?? 1}`,
  accountType: 1,
  instituteId: 1,
  supplierId: null,
  deptId: null,
  deptPath: null,
  teamId: null,
  roleIds: [],
  perms: new Set(),
  pageFlags: new Set(),
  mustChangePassword: false,
  dataScope: 'self',
  fid: 'f',
  aclVersion: null,
  ...o,
});

/** Who holds which approval role where. */
export type RoleHolder = { id: number; role: FlowRole; institute: number; team?: number };

/** The approvers directory over `holders`; the institute's flow is `flow()` (the default flow unless given). */
export function fakeApprovers(holders: readonly RoleHolder[], flow: () => FlowConfig = () => DEFAULT_FLOW): ApproversStore {
  const store: ApproversStore = {
    async actors(role, scope, only) {
      return holders
        .filter(
          (h) =>
            h.role === role && h.institute === scope.institute_id && (role !== 'team' || h.team === scope.team_id) && (only === undefined || h.id === only),
        )
        .map((h) => ({ id: h.id, real_name: `用户${h.id}`, user_name: `u${h.id}`, phone_num: null, email: null }));
    },
    async actsAtAny(userId, roles, scope) {
      for (const r of roles) if ((await store.actors(r, scope, userId)).length) return true;
      return false;
    },
    ledTeams: async (userId) => holders.filter((h) => h.id === userId && h.role === 'team').map((h) => h.team as number),
    holdsRole: async (userId, role) => holders.some((h) => h.id === userId && h.role === role),
    flow: async () => flow(),
    saveFlow: async () => undefined,
    instituteExists: async () => true,
    flowPage: async () => ({ total: 0, records: [] }),
    inTransaction: (fn) => fn(store, {} as Transaction<DB>),
    within: () => store,
  };
  return store;
}
