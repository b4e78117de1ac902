import { DelTipData, DeptAddBody, DeptNode, DeptTreeQuery, DeptUpdateBody, DeptVO, LimitQuery, LimitSetBody, LimitVO } from '@kc/contracts/identity/org';
import { envelope, IdParams, NoQuery, Ok } from '@kc/contracts/platform/common';
import { ErrorCodes } from '@kc/contracts/platform/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Perm } from '../../../platform/auth/access.ts';
import { ok } from '../../../platform/http/reply.ts';
import type { DeptService } from './dept.service.ts';

/** /uac/v1/dept: the department tree, its edits and the department count limit. */
export function registerOrgRoutes(root: FastifyInstance, depts: DeptService) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['部门管理'];
  const manage = { access: { perm: Perm.DEPT_MANAGE } };

  app.get(
    '/uac/v1/dept/getInstituteDeptTree',
    { schema: { tags, summary: '本所部门树（含课题组）', querystring: NoQuery, response: { 200: envelope(z.array(DeptNode)) } }, config: { access: 'login' } },
    async (req) => ok(await depts.instituteTree(req.caller!)),
  );
  app.get(
    '/uac/v1/dept/institutes',
    {
      schema: {
        tags,
        summary: '可管理部门树的研究所（平台管理员为全部研究所，其他管理员为本所）',
        querystring: NoQuery,
        response: { 200: envelope(z.array(z.object({ id: z.number(), name: z.string() }))) },
      },
      config: manage,
    },
    async (req) => ok(await depts.institutes(req.caller!)),
  );
  app.get(
    '/uac/v1/dept/tree',
    {
      schema: { tags, summary: '部门树（平台管理员可指定研究所）', querystring: DeptTreeQuery, response: { 200: envelope(z.array(DeptNode)) } },
      config: manage,
    },
    async (req) => ok(await depts.adminTree(req.caller!, req.query.instituteId)),
  );
  app.post(
    '/uac/v1/dept/add',
    {
      schema: { tags, summary: '新增部门', body: DeptAddBody, response: { 200: envelope(DeptVO) } },
      config: { access: { perm: Perm.DEPT_MANAGE, flag: 'add' } },
    },
    async (req) => ok(await depts.add(req.caller!, req.body, req.ip), '新增成功'),
  );
  app.put(
    '/uac/v1/dept/update',
    {
      schema: { tags, summary: '修改部门', body: DeptUpdateBody, response: { 200: envelope(DeptVO) } },
      config: { access: { perm: Perm.DEPT_MANAGE, flag: 'modify' } },
    },
    async (req) => ok(await depts.update(req.caller!, req.body, req.ip), '修改成功'),
  );
  app.get(
    '/uac/v1/dept/delTip/:id',
    {
      schema: {
        tags,
        summary: '删除前检查：有子部门、课题组或成员时返回 10048 及提示',
        params: IdParams,
        querystring: NoQuery,
        response: { 200: envelope(DelTipData) },
      },
      config: manage,
    },
    async (req) => {
      const { tip, data } = await depts.delTip(req.caller!, req.params.id);
      // 10048 goes back to the page, which shows its own confirmation (docs/domains/platform.md#error-catalogue)
      return tip ? { code: ErrorCodes.NEEDS_CONFIRM.code, message: tip, data } : ok(data, '可以删除');
    },
  );
  app.delete(
    '/uac/v1/dept/delete/:id',
    {
      schema: { tags, summary: '删除部门（须无子部门、课题组和成员）', params: IdParams, querystring: NoQuery, response: { 200: Ok } },
      config: { access: { perm: Perm.DEPT_MANAGE, flag: 'delete' } },
    },
    async (req) => {
      await depts.delete(req.caller!, req.params.id, req.ip);
      return ok(null, '删除成功');
    },
  );
  app.get(
    '/uac/v1/dept/deptCountLimit',
    { schema: { tags, summary: '部门数量上限与已用数量', querystring: LimitQuery, response: { 200: envelope(LimitVO) } }, config: manage },
    async (req) => ok(await depts.countLimit(req.caller!, req.query.instituteId)),
  );
  app.put(
    '/uac/v1/dept/deptCountLimit',
    {
      schema: { tags, summary: '设置部门数量上限（不指定研究所即为平台默认值）', body: LimitSetBody, response: { 200: envelope(LimitVO) } },
      config: { access: { perm: Perm.LIMIT_MANAGE, flag: 'modify' } },
    },
    async (req) => ok(await depts.setCountLimit(req.caller!, req.body.instituteId, req.body.limit, req.ip), '设置成功'),
  );
}
