import { RoleAddBody, RolePageQuery, RoleUpdateBody, RoleVO, SetUserRolesBody, UserRolesVO } from '@kc/contracts/identity/rbac';
import { envelope, IdParams, NoQuery, Ok, pageOf } from '@kc/contracts/platform/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Perm } from '../../../platform/auth/access.ts';
import { ok } from '../../../platform/http/reply.ts';
import type { RoleService } from './role.service.ts';

/** /uac/v1/role: roles and the roles of a user. */
export function registerRoleRoutes(root: FastifyInstance, roles: RoleService) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['角色管理'];
  const config = { access: { perm: Perm.ROLE_MANAGE } };

  app.get(
    '/uac/v1/role/page',
    { schema: { tags, summary: '角色分页（本端内置角色与本所角色）', querystring: RolePageQuery, response: { 200: envelope(pageOf(RoleVO)) } }, config },
    async (req) => ok(await roles.page(req.caller!, req.query.name, req.query.current, req.query.size)),
  );
  app.get(
    '/uac/v1/role/get/:id',
    { schema: { tags, summary: '角色详情', params: IdParams, querystring: NoQuery, response: { 200: envelope(RoleVO) } }, config },
    async (req) => ok(await roles.get(req.caller!, req.params.id)),
  );
  app.post(
    '/uac/v1/role/add',
    {
      schema: { tags, summary: '新增角色（数据范围不超过本人）', body: RoleAddBody, response: { 200: envelope(RoleVO) } },
      config: { access: { perm: Perm.ROLE_MANAGE, flag: 'add' } },
    },
    async (req) => ok(await roles.add(req.caller!, req.body, req.ip), '新增成功'),
  );
  app.put(
    '/uac/v1/role/update',
    {
      schema: { tags, summary: '修改角色（内置角色只读）', body: RoleUpdateBody, response: { 200: envelope(RoleVO) } },
      config: { access: { perm: Perm.ROLE_MANAGE, flag: 'modify' } },
    },
    async (req) => ok(await roles.update(req.caller!, req.body, req.ip), '修改成功'),
  );
  app.delete(
    '/uac/v1/role/delete/:id',
    {
      schema: { tags, summary: '删除角色（须无人持有）', params: IdParams, querystring: NoQuery, response: { 200: Ok } },
      config: { access: { perm: Perm.ROLE_MANAGE, flag: 'delete' } },
    },
    async (req) => {
      await roles.delete(req.caller!, req.params.id, req.ip);
      return ok(null, '删除成功');
    },
  );
  app.get(
    '/uac/v1/role/userRoles/:id',
    { schema: { tags, summary: '用户持有的角色', params: IdParams, querystring: NoQuery, response: { 200: envelope(UserRolesVO) } }, config },
    async (req) => ok(await roles.userRoles(req.caller!, req.params.id)),
  );
  app.post(
    '/uac/v1/role/setUserRoles',
    {
      schema: { tags, summary: '设置用户角色（只能分配不超出本人权限的角色）', body: SetUserRolesBody, response: { 200: envelope(UserRolesVO) } },
      // handing roles is editing a user: the user page's modify flag, as the web's 角色 button
      config: { access: { perm: Perm.ROLE_MANAGE, flag: 'modify', page: Perm.USER_VIEW } },
    },
    async (req) => ok(await roles.setUserRoles(req.caller!, req.body.userId, req.body.roleIds, req.ip), '设置成功'),
  );
}
