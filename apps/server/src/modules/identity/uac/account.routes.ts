import {
  CheckUserInfoBody,
  DeptOption,
  ForceModifyBody,
  ModifyWithCodeBody,
  NoLoginResetBody,
  ResetSendCodeBody,
  SendCodeBody,
  SetDeptBody,
  UnblockBody,
  UserAllInfo,
} from '@kc/contracts/identity/uac';
import { envelope, NoQuery, Ok } from '@kc/contracts/platform/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../platform/context.ts';
import { ok } from '../../../platform/http/reply.ts';
import type { RbacAccess } from '../rbac/index.ts';
import { type AccountDeps, AccountService } from './account.service.ts';
import { UserRepository } from './user.repository.ts';
import { VerificationCodes } from './verification-codes.ts';

const SentTo = envelope(z.object({ sentTo: z.string().nullable() }));
const CheckCodeBody = z.object({ userName: z.string().trim().min(1).max(64), code: z.string().regex(/^\d{6}$/, '验证码为 6 位数字') }).strict();

/** /uac: the logged-in account (info, departments, password) and the no-login unfreeze and reset flows. */
export function registerAccountRoutes(
  root: FastifyInstance,
  ctx: AppContext,
  rbac: RbacAccess,
  session: Pick<AccountDeps, 'supplierContract' | 'invoiceTerms'> = {},
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const svc = new AccountService({
    users: new UserRepository(ctx.database.db),
    rbac,
    kv: ctx.kv,
    codes: new VerificationCodes(ctx.kv),
    notifier: ctx.notifier,
    sessions: ctx.sessions,
    callers: ctx.callers,
    ...session,
  });
  const me = ['当前用户'];
  const nologin = ['免登录'];

  app.get(
    '/uac/v1/caas-user/getUserAllInfo',
    { schema: { tags: me, summary: '当前用户信息与权限数据', querystring: NoQuery, response: { 200: envelope(UserAllInfo) } }, config: { access: 'login' } },
    // sent pre-serialized and pre-compressed (cached per acl version); the schema above documents the same shape
    async (req, reply) => {
      const { json, gzip } = await svc.userAllInfoJson(req.caller!);
      reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
      if (gzip && acceptsGzip(req.headers['accept-encoding'])) return reply.header('content-encoding', 'gzip').send(gzip as never);
      return reply.send(json as never);
    },
  );
  app.get(
    '/uac/v1/dept/getLoginUserOptionalDept',
    { schema: { tags: me, summary: '当前用户可选单位', querystring: NoQuery, response: { 200: envelope(z.array(DeptOption)) } }, config: { access: 'login' } },
    async (req) => ok(await svc.optionalDepts(req.caller!)),
  );
  app.post(
    '/uac/v1/dept/setCurrentDept',
    { schema: { tags: me, summary: '切换当前单位', body: SetDeptBody, response: { 200: envelope(DeptOption) } }, config: { access: 'login' } },
    async (req) => ok(await svc.setCurrentDept(req.caller!, req.body.deptId, req.ip), '切换成功'),
  );
  app.post(
    '/uac/v1/caas-user/setDefaultDept',
    { schema: { tags: me, summary: '设置常用单位', body: SetDeptBody, response: { 200: envelope(DeptOption) } }, config: { access: 'login' } },
    async (req) => ok(await svc.setDefaultDept(req.caller!, req.body.deptId, req.ip), '设置成功'),
  );
  app.get(
    '/uac/v1/dept/getLoginUserInstitute',
    {
      schema: {
        tags: me,
        summary: '当前用户所属研究所',
        querystring: NoQuery,
        response: { 200: envelope(z.object({ id: z.number(), name: z.string() }).nullable()) },
      },
      config: { access: 'login' },
    },
    async (req) => ok(await svc.institute(req.caller!)),
  );
  app.get(
    '/uac/v1/caas-user/whetherPassChanged',
    {
      schema: { tags: me, summary: '是否已修改初始密码', querystring: NoQuery, response: { 200: envelope(z.object({ whetherPassChanged: z.boolean() })) } },
      config: { access: 'login' },
    },
    async (req) => ok(await svc.whetherPassChanged(req.caller!)),
  );
  app.post(
    '/uac/v1/caas-user/verifyAndModify',
    { schema: { tags: me, summary: '校验原密码并修改（含首次登录强制修改）', body: ForceModifyBody, response: { 200: Ok } }, config: { access: 'login' } },
    async (req) => {
      await svc.verifyAndModify(req.caller!, req.body.oldPassword, req.body.newPassword, req.ip);
      return ok(null, '密码修改成功，请重新登录');
    },
  );
  // Fastify hands a missing body to the validator as null, so an optional body must be nullish.
  app.post(
    '/uac/v1/sms/sendCode',
    {
      schema: { tags: me, summary: '向本人手机发送修改密码验证码', body: z.object({}).strict().nullish(), response: { 200: SentTo } },
      config: { access: 'login' },
    },
    async (req) => ok(await svc.sendOwnCode(req.caller!, req.ip), '验证码已发送'),
  );
  app.post(
    '/uac/v1/caas-user/self/modifyWithCode',
    { schema: { tags: me, summary: '凭短信验证码修改密码', body: ModifyWithCodeBody, response: { 200: Ok } }, config: { access: 'login' } },
    async (req) => {
      await svc.modifyWithCode(req.caller!, req.body.code, req.body.newPassword, req.ip);
      return ok(null, '密码修改成功，请重新登录');
    },
  );

  app.post(
    '/uac/v1/sms/noauth/sendUnlockCode',
    { schema: { tags: nologin, summary: '发送解冻短信验证码', body: SendCodeBody, response: { 200: SentTo } }, config: { access: 'public' } },
    async (req) => {
      await svc.limitLookup(req.body.userName, req.ip);
      return ok(await svc.sendUnlockCode(req.body.userName, 'sms', req.ip), '验证码已发送');
    },
  );
  app.post(
    '/uac/v1/sms/noauth/sendUnlockEmailCode',
    { schema: { tags: nologin, summary: '发送解冻邮箱验证码', body: SendCodeBody, response: { 200: SentTo } }, config: { access: 'public' } },
    async (req) => {
      await svc.limitLookup(req.body.userName, req.ip);
      return ok(await svc.sendUnlockCode(req.body.userName, 'email', req.ip), '验证码已发送');
    },
  );
  app.post(
    '/uac/v1/caas-user/noauth/autoUnBlock',
    { schema: { tags: nologin, summary: '凭验证码解冻账号', body: UnblockBody, response: { 200: Ok } }, config: { access: 'public' } },
    async (req) => {
      await svc.limitLookup(req.body.userName, req.ip);
      await svc.autoUnBlock(req.body.userName, req.body.code, req.body.channel, req.ip);
      return ok(null, '账号已解冻，请重新登录');
    },
  );
  app.post(
    '/uac/v1/caas-user/noauth/checkUserInfo',
    {
      schema: {
        tags: nologin,
        summary: '找回密码：校验用户信息',
        body: CheckUserInfoBody,
        response: { 200: envelope(z.object({ userName: z.string(), phoneNum: z.string().nullable(), email: z.string().nullable() })) },
      },
      config: { access: 'public' },
    },
    async (req) => {
      await svc.limitLookup(req.body.userName, req.ip);
      return ok(await svc.checkUserInfo(req.body.userName, req.body.phoneNum));
    },
  );
  app.post(
    '/uac/v1/sms/noauth/sendCode',
    {
      schema: { tags: nologin, summary: '找回密码：发送短信验证码（用户名与绑定手机号一致时发送）', body: ResetSendCodeBody, response: { 200: SentTo } },
      config: { access: 'public' },
    },
    async (req) => {
      await svc.limitLookup(req.body.userName, req.ip);
      return ok(await svc.sendResetCode(req.body.userName, req.body.phoneNum, req.ip), '验证码已发送');
    },
  );
  app.post(
    '/uac/v1/caas-user/self/noauth/checkUserVerification',
    { schema: { tags: nologin, summary: '找回密码：校验验证码', body: CheckCodeBody, response: { 200: Ok } }, config: { access: 'public' } },
    async (req) => {
      await svc.limitLookup(req.body.userName, req.ip);
      await svc.checkResetCode(req.body.userName, req.body.code);
      return ok(null, '验证通过');
    },
  );
  app.post(
    '/uac/v1/caas-user/self/noauth/modifyWithCodeNoLogin',
    { schema: { tags: nologin, summary: '找回密码：凭验证码设置新密码', body: NoLoginResetBody, response: { 200: Ok } }, config: { access: 'public' } },
    async (req) => {
      await svc.limitLookup(req.body.userName, req.ip);
      await svc.resetWithCode(req.body.userName, req.body.code, req.body.newPassword, req.ip);
      return ok(null, '密码已重置，请使用新密码登录');
    },
  );
}

/** Whether the client takes gzip (every browser does): gzip's own weight decides, else `*`'s; q=0 refuses. */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  // browsers send one of a handful of values, the same on every request: parse each value once
  let known = gzipAnswers.get(header);
  if (known === undefined) {
    known = parseAcceptsGzip(header);
    if (gzipAnswers.size >= 64) gzipAnswers.clear();
    gzipAnswers.set(header, known);
  }
  return known;
}
const gzipAnswers = new Map<string, boolean>();

function parseAcceptsGzip(header: string): boolean {
  const weights = new Map(
    header.split(',').map((part) => {
      const [coding, ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return [coding.trim(), q === undefined ? 1 : Number(q.slice(2)) || 0] as const;
    }),
  );
  return (weights.get('gzip') ?? weights.get('*') ?? 0) > 0;
}
