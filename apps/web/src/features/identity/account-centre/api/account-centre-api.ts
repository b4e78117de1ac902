import type { ChangeRequestVO } from '@kc/contracts/identity/account-centre';
import { api } from '../../../../lib/api-client.ts';

/** 个人中心 calls (modules/identity/account-centre and the password change of modules/identity/uac). */
export type { ChangeRequestVO };

type SentTo = { sentTo: string | null };
export const sendChangePhoneCode = (phoneNum: string) => api.post<SentTo>('/uac/v1/sms/sendChangePhoneCode', { phoneNum });
export const changePhone = (phoneNum: string, code: string) => api.post<null>('/uac/v1/caas-user/self/changePhone', { phoneNum, code });
export const sendChangeEmailCode = (email: string) => api.post<SentTo>('/uac/v1/sms/sendChangeEmailCode', { email });
export const changeEmail = (email: string, code: string) => api.post<null>('/uac/v1/caas-user/self/changeEmail', { email, code });
export const userNameAvailable = (userName: string) =>
  api.get<{ available: boolean; message: string }>('/uac/v1/userNameReview/userNameNotExist', { userName });
export const sendUserNameCode = (newUserName: string) => api.post<SentTo>('/uac/v1/sms/sendModifyUsernameEmailCode', { newUserName });
export const applyUserName = (newUserName: string, code: string) => api.post<ChangeRequestVO | null>('/uac/v1/userNameReview/apply', { newUserName, code });
export const myUserNameRequest = () => api.get<ChangeRequestVO | null>('/uac/v1/userNameReview/userNameReviewing');
export const applyUserInfo = (b: { realName: string; workUnit: string; title: string; remark: string }) =>
  api.post<ChangeRequestVO | null>('/uac/v1/userInfoReview/apply', b);
export const myUserInfoRequest = () => api.get<ChangeRequestVO | null>('/uac/v1/userInfoReview/mine');
export const getBindQr = () => api.get<{ ticket: string; qrContent: string; qrImage: string; expiresAt: string }>('/uac/v1/caas-user/self/get2d');
export const getBindStatus = (ticket: string) =>
  api.get<{ status: 'waiting' | 'bound' | 'expired'; boundAt: string | null; bound: boolean }>('/uac/v1/caas-user/self/getBindStatus', { ticket });
export const sendPasswordCode = () => api.post<SentTo>('/uac/v1/sms/sendCode', {});
export const modifyPasswordWithCode = (code: string, newPassword: string) => api.post<null>('/uac/v1/caas-user/self/modifyWithCode', { code, newPassword });
