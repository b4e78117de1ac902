import { envelope, IdParams, NoQuery, Ok, pageOf } from '@kc/contracts/platform/common';
import {
  SupplierDisableBody,
  SupplierInfoBody,
  SupplierOption,
  SupplierRefuseBody,
  SupplierRegisterBody,
  SupplierReviewQuery,
  SupplierReviewVO,
} from '@kc/contracts/supply/supplier-registration';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Perm } from '../../../platform/auth/access.ts';
import type { AppContext } from '../../../platform/context.ts';
import { rateLimit } from '../../../platform/http/rate-limit.ts';
import { ok } from '../../../platform/http/reply.ts';
import type { RegistrationService } from './registration.service.ts';

/** /supplier/v1/suser: self-registration (no login) and the platform admin's review. */
export function registerRegistrationRoutes(root: FastifyInstance, ctx: AppContext, svc: RegistrationService) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['供应商注册'];
  const review = { perm: Perm.SUPPLIER_REVIEW };

  app.get(
    '/supplier/v1/suser/noauth/checkUserName',
    {
      schema: {
        tags,
        summary: '注册：用户名是否可用',
        querystring: z.object({ userName: z.string().trim().min(1).max(64), t: z.string().optional() }).strict(),
        response: { 200: Ok },
      },
      config: { access: 'public' },
    },
    async (req) => {
      await rateLimit(ctx.kv, `reg-check:${req.ip}`, 60, 60_000);
      await svc.checkUserName(req.query.userName);
      return ok(null, '用户名可用');
    },
  );
  app.get(
    '/supplier/v1/suser/noauth/checkCompanyName',
    {
      schema: {
        tags,
        summary: '注册：公司名称是否已注册（去除省份与“公司/有限/有限公司”后比较）',
        querystring: z.object({ companyName: z.string().trim().min(1).max(100), t: z.string().optional() }).strict(),
        response: { 200: Ok },
      },
      config: { access: 'public' },
    },
    async (req) => {
      await rateLimit(ctx.kv, `reg-check:${req.ip}`, 60, 60_000);
      await svc.checkCompanyName(req.query.companyName);
      return ok(null, '公司名称可用');
    },
  );
  app.post(
    '/supplier/v1/suser/noauth/register',
    {
      schema: {
        tags,
        summary: '供应商注册（提交后等待平台审核）',
        body: SupplierRegisterBody,
        response: { 200: envelope(z.object({ id: z.number().int(), status: z.number().int() })) },
      },
      config: { access: 'public' },
    },
    async (req) => {
      await rateLimit(ctx.kv, `register:${req.ip}`, 10, 60 * 60_000);
      return ok(await svc.register(req.body, req.ip), '注册申请已提交，请等待平台审核');
    },
  );
  app.get(
    '/supplier/v1/suser/review/page',
    {
      schema: { tags, summary: '供应商注册审核列表', querystring: SupplierReviewQuery, response: { 200: envelope(pageOf(SupplierReviewVO)) } },
      config: { access: review },
    },
    async (req) => ok(await svc.reviewPage(req.query)),
  );
  app.post(
    '/supplier/v1/suser/review/approve/:id',
    { schema: { tags, summary: '审核通过', params: IdParams, response: { 200: Ok } }, config: { access: { ...review, flag: 'modify' as const } } },
    async (req) => {
      await svc.decide(req.caller!, req.params.id, 'approve', null, req.ip);
      return ok(null, '已通过');
    },
  );
  app.post(
    '/supplier/v1/suser/review/refuse',
    {
      schema: { tags, summary: '审核驳回（须填写原因）', body: SupplierRefuseBody, response: { 200: Ok } },
      config: { access: { ...review, flag: 'modify' as const } },
    },
    async (req) => {
      await svc.decide(req.caller!, req.body.id, 'refuse', req.body.reason, req.ip);
      return ok(null, '已驳回');
    },
  );
  app.post(
    '/supplier/v1/suser/review/disable',
    {
      schema: { tags, summary: '停用供应商（须填写原因；其账号立即下线，商品不再展示）', body: SupplierDisableBody, response: { 200: Ok } },
      config: { access: { ...review, flag: 'modify' as const } },
    },
    async (req) => {
      await svc.decide(req.caller!, req.body.id, 'disable', req.body.reason, req.ip);
      return ok(null, '已停用');
    },
  );
  app.post(
    '/supplier/v1/suser/review/enable/:id',
    { schema: { tags, summary: '恢复已停用的供应商', params: IdParams, response: { 200: Ok } }, config: { access: { ...review, flag: 'modify' as const } } },
    async (req) => {
      await svc.decide(req.caller!, req.params.id, 'enable', null, req.ip);
      return ok(null, '已恢复');
    },
  );
  app.get(
    '/supplier/v1/suser/allSupplier',
    {
      schema: { tags, summary: '全部供应商（任意状态，供选择）', querystring: NoQuery, response: { 200: envelope(z.array(SupplierOption)) } },
      config: { access: review },
    },
    async () => ok(await svc.allSuppliers(false)),
  );
  app.get(
    '/supplier/v1/suser/allActivatedSupplier',
    {
      schema: { tags, summary: '已通过审核、正在经营的供应商（供筛选）', querystring: NoQuery, response: { 200: envelope(z.array(SupplierOption)) } },
      config: { access: { accountTypes: [0, 1] } },
    },
    async () => ok(await svc.allSuppliers(true)),
  );
  app.post(
    '/supplier/v1/suser/resetSupplierInfo',
    {
      schema: { tags, summary: '平台修正供应商联系人信息与子账号上限（公司名称与信用代码不变）', body: SupplierInfoBody, response: { 200: Ok } },
      config: { access: { ...review, flag: 'modify' as const } },
    },
    async (req) => {
      await svc.resetInfo(req.caller!, req.body, req.ip);
      return ok(null, '已保存');
    },
  );
}
