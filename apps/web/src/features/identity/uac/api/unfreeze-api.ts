import { api } from '../../../../lib/api-client.ts';

export type UnlockChannel = 'sms' | 'email';

/** 发送解冻短信验证码 POST /uac/v1/sms/noauth/sendUnlockCode */
export function sendUnlockCode(userName: string): Promise<unknown> {
  return api.post<unknown>('/uac/v1/sms/noauth/sendUnlockCode', { userName }, { auth: 'basic' });
}

/** 发送解冻邮箱验证码 POST /uac/v1/sms/noauth/sendUnlockEmailCode */
export function sendUnlockEmailCode(userName: string): Promise<unknown> {
  return api.post<unknown>('/uac/v1/sms/noauth/sendUnlockEmailCode', { userName }, { auth: 'basic' });
}

/** 验证身份并解冻账号 POST /uac/v1/caas-user/noauth/autoUnBlock */
export function autoUnBlock(body: { userName: string; code: string; channel: UnlockChannel }): Promise<unknown> {
  return api.post<unknown>('/uac/v1/caas-user/noauth/autoUnBlock', body, { auth: 'basic' });
}
