import {
  AdminUserDetail,
  AdminUserVO,
  LimitQuery,
  LimitSetBody,
  LimitVO,
  LoginUserNameValid,
  UserAddBody,
  UserNameQuery,
  UserNameValid,
  UserPageQuery,
} from '@kc/contracts/identity/org';
import { envelope, IdParams, NoQuery, Ok, pageOf } from '@kc/contracts/platform/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Perm } from '../../../platform/auth/access.ts';
import type { AppContext } from '../../../platform/context.ts';
import { rateLimit } from '../../../platform/http/rate-limit.ts';
import { ok } from '../../../platform/http/reply.ts';
import type { UserAdminService } from './user-admin.service.ts';

/** Admin user management (/uac/v1/caas-user/*): scoped lists and details, creation, deletion, name checks, user count limit. */
export function registerUserRoutes(root: FastifyInstance, ctx: AppContext, users: UserAdminService) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['用户管理'];
  const view = { access: { perm: Perm.USER_VIEW } };

  app.get(
    '/uac/v1/caas-user/page',
    { schema: { tags, summary: '用户分页（按数据范围过滤）', querystring: UserPageQuery, response: { 200: envelope(pageOf(AdminUserVO)) } }, config: view },
    async (req) => {
      const { current, size, t: _t, ...filters } = req.query;
      return ok(await users.page(req.caller!, filters, current, size));
    },
  );
  app.get(
    '/uac/v1/caas-user/getUserDetail/:id',
    { schema: { tags, summary: '用户详情', params: IdParams, querystring: NoQuery, response: { 200: envelope(AdminUserDetail) } }, config: view },
    async (req) => ok(await users.detail(req.caller!, req.params.id)),
  );
  app.post(
    '/uac/v1/caas-user/add',
    {
      schema: { tags, summary: '新增用户（首次登录须修改初始密码）', body: UserAddBody, response: { 200: envelope(AdminUserDetail) } },
      config: { access: { perm: Perm.USER_MANAGE, flag: 'add', page: Perm.USER_VIEW } },
    },
    async (req) => ok(await users.add(req.caller!, req.body, req.ip), '新增成功'),
  );
  app.delete(
    '/uac/v1/caas-user/delete/:id',
    {
      schema: { tags, summary: '删除用户（停用账号并结束其所有会话）', params: IdParams, querystring: NoQuery, response: { 200: Ok } },
      config: { access: { perm: Perm.USER_MANAGE, flag: 'delete', page: Perm.USER_VIEW } },
    },
    async (req) => {
      await users.delete(req.caller!, req.params.id, req.ip);
      return ok(null, '删除成功');
    },
  );
  app.get(
    '/uac/v1/caas-user/userNameWhetherValid',
    {
      schema: { tags, summary: '新建用户时校验用户名（格式与是否已被注册）', querystring: UserNameQuery, response: { 200: envelope(UserNameValid) } },
      config: { access: 'login' },
    },
    async (req) => {
      // tells whether a name exists, so it is metered per account
      await rateLimit(ctx.kv, `unv:${req.caller!.userId}`, 120, 60_000);
      return ok(await users.userNameValid(req.query.userName));
    },
  );
  app.get(
    '/uac/v1/caas-user/loginUserNameWhetherValid',
    {
      schema: { tags, summary: '登录页校验用户名格式（不透露是否存在）', querystring: UserNameQuery, response: { 200: envelope(LoginUserNameValid) } },
      config: { access: 'public' },
    },
    async (req) => ok(users.loginUserNameValid(req.query.userName)),
  );
  app.get(
    '/uac/v1/caas-user/instituteUserCountLimit',
    { schema: { tags, summary: '本所用户数量上限与已用数量', querystring: LimitQuery, response: { 200: envelope(LimitVO) } }, config: view },
    async (req) => ok(await users.countLimit(req.caller!, req.query.instituteId)),
  );
  app.put(
    '/uac/v1/caas-user/instituteUserCountLimit',
    {
      schema: { tags, summary: '设置研究所用户数量上限（不指定研究所即为平台默认值）', body: LimitSetBody, response: { 200: envelope(LimitVO) } },
      config: { access: { perm: Perm.LIMIT_MANAGE, flag: 'modify' } },
    },
    async (req) => ok(await users.setCountLimit(req.caller!, req.body.instituteId, req.body.limit, req.ip), '设置成功'),
  );
}
