import type { AppContext } from '../../../platform/context.ts';
import type { Module } from '../../../platform/module.ts';
import { registerAuthorityRoutes } from './authority.routes.ts';
import { createRbacServices, type RbacAccess } from './rbac-services.ts';
import { registerResourceRoutes } from './resource.routes.ts';
import { registerRoleRoutes } from './role.routes.ts';
import type { UserRolesService } from './user-roles.service.ts';

export type { PermissionData } from './permission-data.ts';
export { RbacAccess } from './rbac-services.ts';
export type { UserRolesService, UserRoleWrites } from './user-roles.service.ts';

/**
 * /uac/v1/{role,resource,auth}: roles, the resource catalogue and grants; other modules get
 * RbacAccess (permission data, who may hand which role) and UserRolesService (handing roles to an
 * account inside their transaction).
 */
export function createRbacModule(ctx: AppContext): Module<{ access: RbacAccess; userRoles: UserRolesService }> {
  const { roles, authorities, resources, access, userRoles } = createRbacServices(ctx);
  return {
    services: { access, userRoles },
    register(app) {
      registerRoleRoutes(app, roles);
      registerResourceRoutes(app, resources);
      registerAuthorityRoutes(app, authorities);
    },
  };
}
