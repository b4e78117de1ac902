import type { Transaction } from 'kysely';
import type { DB } from '../../../platform/db/schema.ts';
import type { RoleRepository } from './role.repository.ts';

/** The role changes of one account, bound to the caller's transaction. */
export interface UserRoleWrites {
  /** adds roles to an account (a new one, or roles it does not hold yet) */
  grant(userId: number, roleIds: number[]): Promise<void>;
  /** the account holds exactly these roles afterwards (every other role revoked) */
  replace(userId: number, roleIds: number[]): Promise<void>;
}

/**
 * Who holds which role (user_role belongs to rbac): modules that open or edit accounts — user
 * administration, supplier registration and child accounts — hand roles through this, inside their
 * own transaction (`userRoles.within(trx).grant(…)`), so the account and its roles commit together.
 * Whether the caller may hand a role stays the caller's check (RbacAccess.assertAssignable, or the
 * supplier's own list of child-account roles).
 */
export class UserRolesService {
  constructor(private readonly roles: RoleRepository) {}

  within(trx: Transaction<DB>): UserRoleWrites {
    return {
      grant: (userId, roleIds) => this.roles.grantUserRoles(trx, userId, roleIds),
      replace: (userId, roleIds) => this.roles.replaceUserRoles(trx, userId, roleIds),
    };
  }
}
