import type { ApiClientScope, ApiClientSecretVO, ApiClientVO } from '@kc/contracts/identity/api-clients';
import type { Page } from '@kc/contracts/platform/common';
import { api } from '../../../../lib/api-client.ts';

export type { ApiClientScope, ApiClientSecretVO, ApiClientVO };

/** 接口客户端列表 GET /uac/v1/apiClient/page */
export const getApiClients = (q: { current: number; size: number; name?: string; status?: string }) =>
  api.get<Page<ApiClientVO>>('/uac/v1/apiClient/page', { ...q });
/** 签发 POST /uac/v1/apiClient/add */
export const addApiClient = (b: { name: string; instituteId: number | null; scopes: ApiClientScope[] }) =>
  api.post<ApiClientSecretVO>('/uac/v1/apiClient/add', b);
/** 修改 POST /uac/v1/apiClient/update */
export const updateApiClient = (b: { id: number; name: string; instituteId: number | null; scopes: ApiClientScope[] }) =>
  api.post<null>('/uac/v1/apiClient/update', b);
/** 更换密钥 POST /uac/v1/apiClient/rotate/{id} */
export const rotateApiClient = (id: number) => api.post<ApiClientSecretVO>(`/uac/v1/apiClient/rotate/${id}`);
/** 吊销 POST /uac/v1/apiClient/revoke/{id} */
export const revokeApiClient = (id: number) => api.post<null>(`/uac/v1/apiClient/revoke/${id}`);
/** 研究所 GET /uac/v1/dept/institutes */
export const getInstitutes = () => api.get<{ id: number; name: string }[]>('/uac/v1/dept/institutes');
