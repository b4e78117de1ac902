import type { CasConfigBody, CasConfigVO, PartnerVO, SecretVO, SsoCheckVO, SsoOrgVO } from '@kc/contracts/identity/sso';
import type { TokenAnswer } from '@kc/contracts/identity/uac';
import type { Page } from '@kc/contracts/platform/common';
import { api } from '../../../../lib/api-client.ts';

export type { CasConfigBody, CasConfigVO, PartnerVO, SecretVO, SsoCheckVO, SsoOrgVO };

/** 已开通统一身份认证的研究所 GET /api/zjs/cas/orgs */
export const getSsoOrgs = () => api.get<SsoOrgVO[]>('/api/zjs/cas/orgs');
/** CAS 登录地址或票据校验结果 GET /api/zjs/cas/ssoCheck.lf */
export const ssoCheck = (org: string, ticket?: string) => api.get<SsoCheckVO>('/api/zjs/cas/ssoCheck.lf', { org, ticket });
/** 同意隐私政策 POST /uac/common/v1/noauth/ssoAgreeSecretLogin */
export const ssoAgree = (code: string) => api.post<null>('/uac/common/v1/noauth/ssoAgreeSecretLogin', { code });
/** 换取令牌 GET /api/sso/getToken.lf */
export const ssoToken = (code: string) => api.get<TokenAnswer>('/api/sso/getToken.lf', { code });
/** 隐私政策（1）与平台服务协议（2） GET /mall/v1/secret/noauth/getSecretByType */
export const getSecretByType = (type: 1 | 2) => api.get<SecretVO>('/mall/v1/secret/noauth/getSecretByType', { type });

/** 可进入的外部系统 GET /api/sso/partner/options */
export const getPartnerOptions = () => api.get<{ code: string; name: string }[]>('/api/sso/partner/options');
/** 进入外部系统的票据与地址 POST /api/sso/partner/ticket */
export const partnerTicket = (partner: string) => api.post<{ url: string; name: string; expiresInSeconds: number }>('/api/sso/partner/ticket', { partner });

// ── 管理 ──
export const getCasConfigs = (q: { current: number; size: number; keyword?: string }) => api.get<Page<CasConfigVO>>('/api/sso/cas/page', { ...q });
export const addCasConfig = (b: CasConfigBody) => api.post<{ id: number }>('/api/sso/cas/add', b);
export const updateCasConfig = (b: CasConfigBody & { id: number }) => api.post<null>('/api/sso/cas/update', b);
export const deleteCasConfig = (id: number) => api.delete<null>(`/api/sso/cas/delete/${id}`);

export interface PartnerInput {
  code: string;
  name: string;
  targetUrl: string;
  instituteId: number | null;
  enabled: boolean;
}
export const getPartners = () => api.get<PartnerVO[]>('/api/sso/partner/list');
export const addPartner = (b: PartnerInput) => api.post<{ id: number; secret: string }>('/api/sso/partner/add', b);
export const updatePartner = (b: PartnerInput & { id: number }) => api.post<null>('/api/sso/partner/update', b);
export const rotatePartner = (id: number) => api.post<{ id: number; secret: string }>(`/api/sso/partner/rotate/${id}`);
export const deletePartner = (id: number) => api.delete<null>(`/api/sso/partner/delete/${id}`);

/** 研究所（绑定 CAS 配置与外部系统） GET /uac/v1/dept/institutes */
export const getInstitutes = () => api.get<{ id: number; name: string }[]>('/uac/v1/dept/institutes');
