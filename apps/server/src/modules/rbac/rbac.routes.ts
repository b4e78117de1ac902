import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { registerAuthorityRoutes } from './authority.routes.ts';
import { createRbacServices } from './rbac-services.ts';
import { registerResourceRoutes } from './resource.routes.ts';
import { registerRoleRoutes } from './role.routes.ts';

/** /uac/v1/{role,resource,auth}: roles, the resource catalogue and grants. */
export function registerRbacRoutes(root: FastifyInstance, ctx: AppContext) {
  const { roles, authorities, resources } = createRbacServices(ctx);
  registerRoleRoutes(root, roles);
  registerResourceRoutes(root, resources);
  registerAuthorityRoutes(root, authorities);
}
