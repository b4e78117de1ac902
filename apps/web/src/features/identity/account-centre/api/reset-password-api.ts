import { api } from '../../../../lib/api-client.ts';

export interface CheckedUser {
  userName: string;
  /** masked */
  phoneNum: string | null;
  email: string | null;
}

/** 找回密码：核对用户信息 POST /uac/v1/caas-user/noauth/checkUserInfo */
export function checkUserInfo(body: { userName: string; phoneNum: string }): Promise<CheckedUser> {
  return api.post<CheckedUser>('/uac/v1/caas-user/noauth/checkUserInfo', body, { auth: 'basic' });
}

/** 找回密码：发送短信验证码 POST /uac/v1/sms/noauth/sendCode（发往核对过的绑定手机号） */
export function sendResetCode(body: { userName: string; phoneNum: string }): Promise<unknown> {
  return api.post<unknown>('/uac/v1/sms/noauth/sendCode', body, { auth: 'basic' });
}

/** 找回密码：校验验证码 POST /uac/v1/caas-user/self/noauth/checkUserVerification */
export function checkUserVerification(body: { userName: string; code: string }): Promise<unknown> {
  return api.post<unknown>('/uac/v1/caas-user/self/noauth/checkUserVerification', body, { auth: 'basic' });
}

/** 找回密码：以验证码设置新密码 POST /uac/v1/caas-user/self/noauth/modifyWithCodeNoLogin */
export function modifyWithCodeNoLogin(body: { userName: string; code: string; newPassword: string }): Promise<unknown> {
  return api.post<unknown>('/uac/v1/caas-user/self/noauth/modifyWithCodeNoLogin', body, { auth: 'basic' });
}
