import type { Page } from '@kc/contracts/platform/common';
import type { RegisterInput, SupplierReviewVO as ReviewSchema, SupplierInfoBody } from '@kc/contracts/supply/supplier-registration';
import type { z } from 'zod';
import { api } from '../../../../lib/api-client.ts';

export type SupplierReviewVO = z.infer<typeof ReviewSchema>;

/** 注册：用户名是否可用 GET /supplier/v1/suser/noauth/checkUserName */
export function checkUserName(userName: string): Promise<null> {
  return api.get<null>('/supplier/v1/suser/noauth/checkUserName', { userName }, { auth: 'basic', silent: true });
}

/** 注册：公司名称是否已注册 GET /supplier/v1/suser/noauth/checkCompanyName */
export function checkCompanyName(companyName: string): Promise<null> {
  return api.get<null>('/supplier/v1/suser/noauth/checkCompanyName', { companyName }, { auth: 'basic', silent: true });
}

/** 供应商注册 POST /supplier/v1/suser/noauth/register */
export function registerSupplier(body: RegisterInput): Promise<{ id: number; status: number }> {
  return api.post<{ id: number; status: number }>('/supplier/v1/suser/noauth/register', body, { auth: 'basic' });
}

/** 供应商注册审核列表 GET /supplier/v1/suser/review/page */
export function getReviewPage(query: { current: number; size: number; status?: string; companyName?: string }): Promise<Page<SupplierReviewVO>> {
  return api.get<Page<SupplierReviewVO>>('/supplier/v1/suser/review/page', { ...query });
}

/** 审核通过 POST /supplier/v1/suser/review/approve/{id} */
export function approveSupplier(id: number): Promise<null> {
  return api.post<null>(`/supplier/v1/suser/review/approve/${id}`);
}

/** 审核驳回 POST /supplier/v1/suser/review/refuse */
export function refuseSupplier(body: { id: number; reason: string }): Promise<null> {
  return api.post<null>('/supplier/v1/suser/review/refuse', body);
}

/** 停用供应商 POST /supplier/v1/suser/review/disable */
export function disableSupplier(body: { id: number; reason: string }): Promise<null> {
  return api.post<null>('/supplier/v1/suser/review/disable', body);
}

/** 恢复供应商 POST /supplier/v1/suser/review/enable/{id} */
export function enableSupplier(id: number): Promise<null> {
  return api.post<null>(`/supplier/v1/suser/review/enable/${id}`);
}

/** 修正供应商信息与子账号上限 POST /supplier/v1/suser/resetSupplierInfo */
export function resetSupplierInfo(body: SupplierInfoBody): Promise<null> {
  return api.post<null>('/supplier/v1/suser/resetSupplierInfo', body);
}
