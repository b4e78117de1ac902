import type { AppContext } from '../../../platform/context.ts';
import type { Module } from '../../../platform/module.ts';
import { registerAuthorityRoutes } from './authority.routes.ts';
import { createRbacServices, type RbacAccess } from './rbac-services.ts';
import { registerResourceRoutes } from './resource.routes.ts';
import { registerRoleRoutes } from './role.routes.ts';

export type { PermissionData } from './permission-data.ts';
export { RbacAccess } from './rbac-services.ts';

/** /uac/v1/{role,resource,auth}: roles, the resource catalogue and grants; other modules get RbacAccess. */
export function createRbacModule(ctx: AppContext): Module<{ access: RbacAccess }> {
  const { roles, authorities, resources, access } = createRbacServices(ctx);
  return {
    services: { access },
    register(app) {
      registerRoleRoutes(app, roles);
      registerResourceRoutes(app, resources);
      registerAuthorityRoutes(app, authorities);
    },
  };
}
