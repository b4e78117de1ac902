import type { AppContext } from '../../../platform/context.ts';
import { AuthorityService } from './authority.service.ts';
import { GrantsRepository } from './grants.repository.ts';
import { buildPermissionData } from './permission-data.ts';
import { ResourceRepository } from './resource.repository.ts';
import { ResourceService } from './resource.service.ts';
import { RoleRepository } from './role.repository.ts';
import { RoleService } from './role.service.ts';
import { RoleGrants } from './role-grants.ts';
import { UserRolesService } from './user-roles.service.ts';

/**
 * What other modules may ask of rbac: a user's permission data (getUserAllInfo) and whether the
 * caller may hand roles to an account (user administration). Page flags travel with the caller
 * (Caller.pageFlags, checked by route access). No repository leaves the module.
 */
export class RbacAccess {
  constructor(
    private readonly grants: GrantsRepository,
    private readonly roleGrants: RoleGrants,
  ) {}

  async permissionData(userId: number, accountType: number) {
    return buildPermissionData(await this.grants.userGrants(userId), accountType);
  }

  assertAssignable(...a: Parameters<RoleGrants['assertAssignable']>) {
    return this.roleGrants.assertAssignable(...a);
  }

  allAssignable(...a: Parameters<RoleGrants['allAssignable']>) {
    return this.roleGrants.allAssignable(...a);
  }
}

/** The rbac module's services, built once. */
export function createRbacServices(ctx: AppContext) {
  const db = ctx.database.db;
  const roleRepo = new RoleRepository(db);
  const grants = new GrantsRepository(db);
  const resourceRepo = new ResourceRepository(db);
  const roleGrants = new RoleGrants(roleRepo, grants);
  const roles = new RoleService({ roles: roleRepo, roleGrants, users: roleRepo, callers: ctx.callers });
  const authorities = new AuthorityService({ roles, roleGrants, grants, resources: resourceRepo, callers: ctx.callers });
  const resources = new ResourceService({ resources: resourceRepo, callers: ctx.callers });
  return { roles, authorities, resources, access: new RbacAccess(grants, roleGrants), userRoles: new UserRolesService(roleRepo) };
}
