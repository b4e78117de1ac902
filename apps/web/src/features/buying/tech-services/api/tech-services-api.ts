import type { TechItemBody, TechItemVO, TechRequestDetail, TechRequestVO } from '@kc/contracts/buying/tech-services';
import type { Page } from '@kc/contracts/platform/common';
import type { ListRequest } from '../../../../components/list-page/index.ts';
import { api } from '../../../../lib/api-client.ts';

export type { TechItemBody, TechItemVO, TechRequestDetail, TechRequestVO };
export type TechScope = 'mine' | 'team' | 'institute';

// ── public and buyer ─────────────────────────────────────────────────────────
/** 技术服务目录（公开） GET /mall/v1/techService/noauth/page */
export const getPublicServices = (q: { current: number; size: number; category?: string; keyword?: string }) =>
  api.get<Page<TechItemVO>>('/mall/v1/techService/noauth/page', q);

/** 可委托的技术服务 GET /mall/v1/techService/page */
export function getServices(q: ListRequest): Promise<Page<TechItemVO>> {
  const { tab: _tab, ...rest } = q;
  return api.get('/mall/v1/techService/page', rest);
}

/** 服务商状态 GET /mall/v1/techService/checkSellerStatus */
export const checkSellerStatus = (serviceId: number) => api.get<{ active: true }>('/mall/v1/techService/checkSellerStatus', { serviceId });

/** 委托 POST /mall/v1/techService/request/add */
export const addRequest = (b: { serviceId: number; samples: Record<string, string | number>[]; contactPhone: string; remark: string }) =>
  api.post<{ id: number; requestNo: string }>('/mall/v1/techService/request/add', b);

/** 委托列表 GET /mall/v1/techService/request/page（tab = 范围） */
export function getBuyerRequests(q: ListRequest): Promise<Page<TechRequestVO>> {
  const { tab, ...rest } = q;
  return api.get('/mall/v1/techService/request/page', { ...rest, scope: tab ?? 'mine' });
}

/** 已确认支出 GET /mall/v1/techService/request/summary */
export const getSummary = (scope: TechScope) =>
  api.get<{ committedCount: number; committedAmount: number; waitingCount: number }>('/mall/v1/techService/request/summary', { scope });

export const getBuyerRequest = (id: number) => api.get<TechRequestDetail>(`/mall/v1/techService/request/detail/${id}`);
export const acceptRequest = (id: number) => api.post<null>('/mall/v1/techService/request/accept', { id });
export const sendSamples = (id: number, carrier: string, trackingNo: string) =>
  api.post<null>('/mall/v1/techService/request/sendSamples', { id, carrier, trackingNo });
export const completeRequest = (id: number) => api.post<null>('/mall/v1/techService/request/complete', { id });
export const cancelRequest = (id: number, reason: string) => api.post<null>('/mall/v1/techService/request/cancel', { id, reason });

// ── supplier ─────────────────────────────────────────────────────────────────
/** 服务项目 GET /supplier/v1/ts/item/page */
export function getSupplierItems(q: ListRequest): Promise<Page<TechItemVO>> {
  const { tab: _tab, ...rest } = q;
  return api.get('/supplier/v1/ts/item/page', rest);
}
export const addItem = (item: TechItemBody) => api.post<{ id: number }>('/supplier/v1/ts/item/add', item);
export const updateItem = (id: number, item: TechItemBody) => api.post<null>('/supplier/v1/ts/item/update', { id, item });
export const setItemActive = (id: number, active: boolean) => api.post<null>('/supplier/v1/ts/item/updateStatus', { id, active });
export const deleteItem = (id: number) => api.post<null>(`/supplier/v1/ts/item/delete/${id}`);

/** 服务委托 GET /supplier/v1/ts/request/page */
export function getSupplierRequests(q: ListRequest): Promise<Page<TechRequestVO>> {
  const { tab: _tab, ...rest } = q;
  return api.get('/supplier/v1/ts/request/page', rest);
}
export const getSupplierRequest = (id: number) => api.get<TechRequestDetail>(`/supplier/v1/ts/request/detail/${id}`);
export const quoteRequest = (id: number, unitPrice: number, quantity: number, note: string) =>
  api.post<null>('/supplier/v1/ts/request/quote', { id, unitPrice, quantity, note });
export const refuseRequest = (id: number, reason: string) => api.post<null>('/supplier/v1/ts/request/refuse', { id, reason });
export const startRequest = (id: number) => api.post<null>('/supplier/v1/ts/request/start', { id });
export const deliverReport = (id: number, fileIds: number[], note: string) => api.post<null>('/supplier/v1/ts/request/deliver', { id, fileIds, note });
