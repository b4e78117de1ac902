import { envelope, IdBody, Ok, pageOf } from '@kc/contracts/platform/common';
import {
  QualificationAdminQuery,
  QualificationBody,
  QualificationQuery,
  QualificationRefuseBody,
  QualificationUpdateBody,
  QualificationVO,
} from '@kc/contracts/supply/qualifications';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Perm } from '../../../platform/auth/access.ts';
import { ok } from '../../../platform/http/reply.ts';
import type { QualificationsService } from './qualifications.service.ts';

/** /supplier/v1/qualification: the supplier's 资质管理 and the platform's 资质审核. */
export function registerQualificationRoutes(root: FastifyInstance, svc: QualificationsService) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['供应商资质'];
  const own = { perm: Perm.SUPPLIER_QUALIFICATION, accountTypes: [2] };
  const review = { perm: Perm.QUALIFICATION_REVIEW };
  const who = (req: FastifyRequest) => ({ caller: req.caller!, ip: req.ip });

  app.get(
    '/supplier/v1/qualification/plist',
    {
      schema: {
        tags,
        summary: '本供应商的资质（按审核状态、类型、有效期筛选：即将过期 withinDays 天内、已过期）',
        querystring: QualificationQuery,
        response: { 200: envelope(pageOf(QualificationVO)) },
      },
      config: { access: own },
    },
    async (req) => ok(await svc.page(req.caller!, req.query)),
  );
  app.post(
    '/supplier/v1/qualification/add',
    {
      schema: {
        tags,
        summary: '新增资质（文件先以 qualification 用途上传；提交后待平台审核）',
        body: QualificationBody,
        response: { 200: envelope(z.object({ id: z.number().int() })) },
      },
      config: { access: own },
    },
    async (req) => ok(await svc.add(who(req), req.body), '已提交，等待平台审核'),
  );
  app.post(
    '/supplier/v1/qualification/update',
    { schema: { tags, summary: '修改资质（重新进入审核）', body: QualificationUpdateBody, response: { 200: Ok } }, config: { access: own } },
    async (req) => {
      await svc.update(who(req), req.body);
      return ok(null, '已修改，等待平台重新审核');
    },
  );
  app.post(
    '/supplier/v1/qualification/withdraw',
    { schema: { tags, summary: '撤回资质（撤回后不再作为有效资质）', body: IdBody, response: { 200: Ok } }, config: { access: own } },
    async (req) => {
      await svc.withdraw(who(req), req.body.id);
      return ok(null, '已撤回');
    },
  );
  app.get(
    '/supplier/v1/qualification/review/plist',
    {
      schema: {
        tags,
        summary: '平台：全部供应商的资质（待审核队列；即将过期、已过期筛选）',
        querystring: QualificationAdminQuery,
        response: { 200: envelope(pageOf(QualificationVO)) },
      },
      config: { access: review },
    },
    async (req) => ok(await svc.adminPage(req.query)),
  );
  app.post(
    '/supplier/v1/qualification/review/approve',
    { schema: { tags, summary: '平台：审核通过', body: IdBody, response: { 200: Ok } }, config: { access: review } },
    async (req) => {
      await svc.decide(who(req), req.body.id, 'approve', null);
      return ok(null, '已通过');
    },
  );
  app.post(
    '/supplier/v1/qualification/review/refuse',
    { schema: { tags, summary: '平台：驳回（须填写原因）', body: QualificationRefuseBody, response: { 200: Ok } }, config: { access: review } },
    async (req) => {
      await svc.decide(who(req), req.body.id, 'refuse', req.body.reason);
      return ok(null, '已驳回');
    },
  );
}
