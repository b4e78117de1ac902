import { envelope, IdParams, NoQuery, Ok } from '@kc/contracts/platform/common';
import {
  ChildUserAddBody,
  ChildUserIdBody,
  ChildUserPage,
  ChildUserPasswordBody,
  ChildUserQuery,
  ChildUserUpdateBody,
  SupplierRoleVO,
} from '@kc/contracts/supply/supplier-accounts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Perm } from '../../../platform/auth/access.ts';
import { who } from '../../../platform/auth/who.ts';
import { ok } from '../../../platform/http/reply.ts';
import type { ChildAccountsService } from './child-accounts.service.ts';

/** /supplier/v1/childUser and suser/getRoleByUserId: the main account's 子账号管理. */
export function registerChildAccountRoutes(root: FastifyInstance, svc: ChildAccountsService) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['供应商子账号'];
  const perm = Perm.SUPPLIER_CHILD_MANAGE;

  app.get(
    '/supplier/v1/childUser/page',
    {
      schema: { tags, summary: '子账号列表（含角色、已用与上限）', querystring: ChildUserQuery, response: { 200: envelope(ChildUserPage) } },
      config: { access: { perm, accountTypes: [2] } },
    },
    async (req) => ok(await svc.page(req.caller!, req.query)),
  );
  app.get(
    '/supplier/v1/childUser/roles',
    {
      schema: { tags, summary: '可分配给子账号的供应商角色', querystring: NoQuery, response: { 200: envelope(z.array(SupplierRoleVO)) } },
      config: { access: { perm, accountTypes: [2] } },
    },
    async (req) => ok(await svc.roles(req.caller!)),
  );
  app.get(
    '/supplier/v1/suser/getRoleByUserId/:id',
    {
      schema: { tags, summary: '本供应商某账号的角色', params: IdParams, querystring: NoQuery, response: { 200: envelope(z.array(SupplierRoleVO)) } },
      config: { access: { perm, accountTypes: [2] } },
    },
    async (req) => ok(await svc.rolesOfUser(req.caller!, req.params.id)),
  );
  app.post(
    '/supplier/v1/childUser/add',
    {
      schema: {
        tags,
        summary: '新增子账号（初始密码，首次登录须修改；受子账号数量上限约束）',
        body: ChildUserAddBody,
        response: { 200: envelope(z.object({ id: z.number().int() })) },
      },
      config: { access: { perm, flag: 'add' } },
    },
    async (req) => ok(await svc.add(who(req), req.body), '子账号已新增'),
  );
  app.put(
    '/supplier/v1/childUser/update',
    {
      schema: { tags, summary: '修改子账号的姓名、联系方式与角色', body: ChildUserUpdateBody, response: { 200: Ok } },
      config: { access: { perm, flag: 'modify' } },
    },
    async (req) => {
      await svc.update(who(req), req.body);
      return ok(null, '已保存');
    },
  );
  for (const [action, enabled, done] of [
    ['disable', false, '已停用'],
    ['enable', true, '已启用'],
  ] as const) {
    app.post(
      `/supplier/v1/childUser/${action}`,
      {
        schema: { tags, summary: enabled ? '启用子账号（重新占用一个名额）' : '停用子账号（立即退出登录）', body: ChildUserIdBody, response: { 200: Ok } },
        config: { access: { perm, flag: 'modify' } },
      },
      async (req) => {
        await svc.setEnabled(who(req), req.body.id, enabled);
        return ok(null, done);
      },
    );
  }
  app.post(
    '/supplier/v1/childUser/resetPassword',
    {
      schema: { tags, summary: '重置子账号密码（新的初始密码，首次登录须修改；立即退出登录）', body: ChildUserPasswordBody, response: { 200: Ok } },
      config: { access: { perm, flag: 'modify' } },
    },
    async (req) => {
      await svc.resetPassword(who(req), req.body.id, req.body.password);
      return ok(null, '密码已重置');
    },
  );
}
