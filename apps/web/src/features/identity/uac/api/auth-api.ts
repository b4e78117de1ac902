import type { TokenAnswer } from '@kc/contracts/identity/uac';
import { api } from '../../../../lib/api-client.ts';

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
    // The captcha answer travels in the query (docs/domains/identity.md#login-captcha).
    { auth: 'basic', query: { captcha: input.captcha, randomStr: input.randomStr } },
  );
}

/** 图形验证码 GET /uac/captcha.jpg */
export function captchaUrl(randomStr: string): string {
  return `/uac/captcha.jpg?${new URLSearchParams({ randomStr }).toString()}`;
}

/** 校验原密码并修改密码 POST /uac/v1/caas-user/verifyAndModify */
export function verifyAndModify(body: { oldPassword: string; newPassword: string }): Promise<null> {
  return api.post<null>('/uac/v1/caas-user/verifyAndModify', body);
}
