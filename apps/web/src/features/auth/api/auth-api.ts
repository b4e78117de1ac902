import type { TokenAnswer, UserAllInfo } from '@kc/contracts/uac';
import { api } from '../../../lib/api-client.ts';

export interface LoginInput {
  username: string;
  password: string;
  captcha: string;
  randomStr: string;
}

/** 登录 POST /uac/oauth/token */
export function login(input: LoginInput): Promise<TokenAnswer> {
  return api.postForm<TokenAnswer>(
    '/uac/oauth/token',
    { grant_type: 'password', username: input.username.trim(), password: input.password },
    // The captcha answer travels in the query (SPEC.md §5).
    { auth: 'basic', query: { captcha: input.captcha, randomStr: input.randomStr } },
  );
}

/** 图形验证码 GET /uac/captcha.jpg */
export function captchaUrl(randomStr: string): string {
  return `/uac/captcha.jpg?${new URLSearchParams({ randomStr }).toString()}`;
}

/** 退出登录 DELETE /uac/v1/caas-user/logout */
export function logout(): Promise<null> {
  return api.delete<null>('/uac/v1/caas-user/logout', undefined, { silent: true });
}

/** 获取当前用户全部信息 GET /uac/v1/caas-user/getUserAllInfo */
export function getUserAllInfo(): Promise<UserAllInfo> {
  return api.get<UserAllInfo>('/uac/v1/caas-user/getUserAllInfo');
}

/** 校验原密码并修改密码 POST /uac/v1/caas-user/verifyAndModify */
export function verifyAndModify(body: { oldPassword: string; newPassword: string }): Promise<null> {
  return api.post<null>('/uac/v1/caas-user/verifyAndModify', body);
}
