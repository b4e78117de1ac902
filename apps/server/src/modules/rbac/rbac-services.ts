import type { AppContext } from '../../platform/context.ts';
import { createUserAdminService } from '../uac/user-admin.service.ts';
import { AuthorityService } from './authority.service.ts';
import { GrantsRepository } from './grants.repository.ts';
import { ResourceRepository } from './resource.repository.ts';
import { ResourceService } from './resource.service.ts';
import { RoleRepository } from './role.repository.ts';
import { RoleService } from './role.service.ts';
import { RoleGrants } from './role-grants.ts';

/** The rbac module's services; users in scope come from the users module's service. */
export function createRbacServices(ctx: AppContext) {
  const db = ctx.database.db;
  const roleRepo = new RoleRepository(db);
  const grants = new GrantsRepository(db);
  const resourceRepo = new ResourceRepository(db);
  const roleGrants = new RoleGrants(roleRepo, grants);
  const roles = new RoleService({ roles: roleRepo, roleGrants, users: createUserAdminService(ctx), callers: ctx.callers });
  const authorities = new AuthorityService({ roles, roleGrants, grants, resources: resourceRepo, callers: ctx.callers });
  const resources = new ResourceService({ resources: resourceRepo, callers: ctx.callers });
  return { roles, authorities, resources };
}
