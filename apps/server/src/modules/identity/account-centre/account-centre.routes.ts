import {
  AdminModifyBody,
  BatchReviewBody,
  BatchReviewVO,
  BindQrVO,
  BindStatusQuery,
  BindStatusVO,
  ChangeEmailBody,
  ChangeEmailSendBody,
  ChangePhoneBody,
  ChangePhoneSendBody,
  ChangeRequestPage,
  ChangeRequestQuery,
  ChangeRequestVO,
  ConfirmBindBody,
  ModifyUsernameSendBody,
  NoauthChangeEmailBody,
  NoauthChangeEmailSendBody,
  NoauthChangePhoneBody,
  NoauthChangePhoneSendBody,
  RelationCodeQuery,
  RelationCodeVO,
  ReviewBody,
  UserInfoApplyBody,
  UserNameApplyBody,
  UserNameAvailableVO,
  UserNameQuery,
} from '@kc/contracts/identity/account-centre';
import { envelope, NoQuery, Ok } from '@kc/contracts/platform/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Perm } from '../../../platform/auth/access.ts';
import { who } from '../../../platform/auth/who.ts';
import { ok } from '../../../platform/http/reply.ts';
import type { ReviewsService } from './reviews.service.ts';
import type { SelfServiceService } from './self-service.service.ts';

const SentTo = envelope(z.object({ sentTo: z.string().nullable() }));
const Mine = envelope(ChangeRequestVO.nullable());

/** /uac/v1/userInfoReview, /uac/v1/userNameReview, the account centre's /uac/v1/sms and /uac/v1/caas-user calls. */
export function registerAccountCentreRoutes(root: FastifyInstance, reviews: ReviewsService, self: SelfServiceService) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const reviewTags = ['用户审核'];
  const me = ['个人中心'];

  for (const [kind, base, perm, title] of [
    ['userInfo', '/uac/v1/userInfoReview', Perm.USER_INFO_REVIEW, '实名信息'],
    ['userName', '/uac/v1/userNameReview', Perm.USER_NAME_REVIEW, '用户名'],
  ] as const) {
    app.get(
      `${base}/query`,
      {
        schema: {
          tags: reviewTags,
          summary: `${title}审核列表（平台：全部；研究所：本所用户）`,
          querystring: ChangeRequestQuery,
          response: { 200: envelope(ChangeRequestPage) },
        },
        config: { access: { perm } },
      },
      async (req) => ok(await reviews.page(req.caller!, kind, req.query)),
    );
    app.post(
      `${base}/review`,
      {
        schema: { tags: reviewTags, summary: `审核一条${title}申请（驳回须填原因）`, body: ReviewBody, response: { 200: Ok } },
        config: { access: { perm, flag: 'modify' } },
      },
      async (req) => {
        await reviews.review(who(req), kind, req.body.id, req.body.pass, req.body.reason);
        return ok(null, req.body.pass ? '已通过' : '已驳回');
      },
    );
    app.post(
      `${base}/batchReview`,
      {
        schema: {
          tags: reviewTags,
          summary: `批量审核${title}申请（每次至多 100 条，已审核的跳过）`,
          body: BatchReviewBody,
          response: { 200: envelope(BatchReviewVO) },
        },
        config: { access: { perm, flag: 'modify' } },
      },
      async (req) => ok(await reviews.batchReview(who(req), kind, req.body.ids, req.body.pass, req.body.reason)),
    );
  }
  app.post(
    '/uac/v1/userInfoReview/apply',
    { schema: { tags: me, summary: '提交实名信息（待审核）', body: UserInfoApplyBody, response: { 200: Mine } }, config: { access: 'login' } },
    async (req) => ok(await reviews.applyUserInfo(who(req), req.body), '已提交，请等待审核'),
  );
  app.get(
    '/uac/v1/userInfoReview/mine',
    { schema: { tags: me, summary: '本人最近一次实名信息申请', querystring: NoQuery, response: { 200: Mine } }, config: { access: 'login' } },
    async (req) => ok(await reviews.latest(req.caller!, 'userInfo')),
  );

  app.post(
    '/uac/v1/userNameReview/apply',
    {
      schema: { tags: me, summary: '申请修改用户名（邮箱验证码，审核期间保留该用户名）', body: UserNameApplyBody, response: { 200: Mine } },
      config: { access: 'login' },
    },
    async (req) => ok(await self.applyUserName(who(req), req.body.newUserName, req.body.code), '已提交，请等待审核'),
  );
  app.get(
    '/uac/v1/userNameReview/userNameReviewing',
    {
      schema: { tags: me, summary: '本人最近一次用户名申请（审核中时其用户名已保留）', querystring: NoQuery, response: { 200: Mine } },
      config: { access: 'login' },
    },
    async (req) => ok(await reviews.latest(req.caller!, 'userName')),
  );
  app.post(
    '/uac/v1/userNameReview/adminModify',
    {
      schema: { tags: reviewTags, summary: '管理员直接修改用户名', body: AdminModifyBody, response: { 200: Ok } },
      config: { access: { perm: Perm.USER_NAME_REVIEW, flag: 'modify' } },
    },
    async (req) => {
      await reviews.adminModify(who(req), req.body.userId, req.body.newUserName, req.body.reason);
      return ok(null, '用户名已修改');
    },
  );
  app.get(
    '/uac/v1/userNameReview/userNameNotExist',
    {
      schema: { tags: me, summary: '用户名是否可用（不存在且不在审核中）', querystring: UserNameQuery, response: { 200: envelope(UserNameAvailableVO) } },
      config: { access: 'login' },
    },
    async (req) => ok(await self.nameAvailable(req.query.userName)),
  );
  app.get(
    '/uac/v1/userNameReview/noauth/userNameNotExist',
    {
      schema: { tags: me, summary: '用户名是否可用（免登录，按地址限流）', querystring: UserNameQuery, response: { 200: envelope(UserNameAvailableVO) } },
      config: { access: 'public' },
    },
    async (req) => ok(await self.nameAvailableNoLogin(req.query.userName, req.ip)),
  );

  app.post(
    '/uac/v1/sms/sendChangePhoneCode',
    { schema: { tags: me, summary: '向新手机号发送更换验证码', body: ChangePhoneSendBody, response: { 200: SentTo } }, config: { access: 'login' } },
    async (req) => ok(await self.sendPhoneCode(who(req), req.body.phoneNum), '验证码已发送'),
  );
  app.post(
    '/uac/v1/sms/sendChangeEmailCode',
    { schema: { tags: me, summary: '向新邮箱发送更换验证码', body: ChangeEmailSendBody, response: { 200: SentTo } }, config: { access: 'login' } },
    async (req) => ok(await self.sendEmailCode(who(req), req.body.email), '验证码已发送'),
  );
  app.post(
    '/uac/v1/sms/noauth/sendChangePhoneCode',
    {
      schema: {
        tags: me,
        summary: '免登录：凭用户名与原手机号向新手机号发送验证码（回答不区分账号是否存在）',
        body: NoauthChangePhoneSendBody,
        response: { 200: SentTo },
      },
      config: { access: 'public' },
    },
    async (req) => ok(await self.noauthSendPhoneCode(req.ip, req.body), '如信息无误，验证码已发送'),
  );
  app.post(
    '/uac/v1/sms/noauth/sendChangeEmailCode',
    {
      schema: { tags: me, summary: '免登录：凭用户名与原手机号向新邮箱发送验证码', body: NoauthChangeEmailSendBody, response: { 200: SentTo } },
      config: { access: 'public' },
    },
    async (req) => ok(await self.noauthSendEmailCode(req.ip, req.body), '如信息无误，验证码已发送'),
  );
  app.post(
    '/uac/v1/sms/sendModifyUsernameEmailCode',
    { schema: { tags: me, summary: '向本人邮箱发送修改用户名的验证码', body: ModifyUsernameSendBody, response: { 200: SentTo } }, config: { access: 'login' } },
    async (req) => ok(await self.sendUserNameCode(who(req), req.body.newUserName), '验证码已发送'),
  );
  app.post(
    '/uac/v1/caas-user/self/changePhone',
    { schema: { tags: me, summary: '凭验证码更换手机号', body: ChangePhoneBody, response: { 200: Ok } }, config: { access: 'login' } },
    async (req) => {
      await self.changePhone(who(req), req.body.phoneNum, req.body.code);
      return ok(null, '手机号已更换');
    },
  );
  app.post(
    '/uac/v1/caas-user/self/changeEmail',
    { schema: { tags: me, summary: '凭验证码更换邮箱', body: ChangeEmailBody, response: { 200: Ok } }, config: { access: 'login' } },
    async (req) => {
      await self.changeEmail(who(req), req.body.email, req.body.code);
      return ok(null, '邮箱已更换');
    },
  );
  app.post(
    '/uac/v1/caas-user/noauth/changePhone',
    { schema: { tags: me, summary: '免登录：凭验证码更换手机号', body: NoauthChangePhoneBody, response: { 200: Ok } }, config: { access: 'public' } },
    async (req) => {
      await self.noauthChangePhone(req.ip, req.body);
      return ok(null, '手机号已更换');
    },
  );
  app.post(
    '/uac/v1/caas-user/noauth/changeEmail',
    { schema: { tags: me, summary: '免登录：凭验证码更换邮箱', body: NoauthChangeEmailBody, response: { 200: Ok } }, config: { access: 'public' } },
    async (req) => {
      await self.noauthChangeEmail(req.ip, req.body);
      return ok(null, '邮箱已更换');
    },
  );

  app.get(
    '/uac/v1/caas-user/self/get2d',
    {
      schema: { tags: me, summary: '绑定移动端的二维码（5 分钟有效）', querystring: NoQuery, response: { 200: envelope(BindQrVO) } },
      config: { access: 'login' },
    },
    async (req) => ok(await self.bindQr(req.caller!)),
  );
  app.get(
    '/uac/v1/caas-user/self/getBindStatus',
    {
      schema: { tags: me, summary: '二维码的绑定状态与本账号是否已绑定移动端', querystring: BindStatusQuery, response: { 200: envelope(BindStatusVO) } },
      config: { access: 'login' },
    },
    async (req) => ok(await self.bindStatus(req.caller!, req.query.ticket)),
  );
  app.post(
    '/uac/v1/caas-user/self/confirmBind',
    { schema: { tags: me, summary: '移动端（同一账号登录）确认扫码绑定', body: ConfirmBindBody, response: { 200: Ok } }, config: { access: 'login' } },
    async (req) => {
      await self.confirmBind(who(req), req.body.ticket);
      return ok(null, '绑定成功');
    },
  );
  app.get(
    '/uac/v1/caas-user/relationCodeWhetherValid',
    {
      schema: { tags: me, summary: '关联码是否有效（研究所编码，按地址限流）', querystring: RelationCodeQuery, response: { 200: envelope(RelationCodeVO) } },
      config: { access: 'public' },
    },
    async (req) => ok(await self.relationCode(req.query.relationCode, req.ip)),
  );
}
