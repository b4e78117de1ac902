import type { Page } from '@kc/contracts/platform/common';
import type { SupplierItemPage } from '@kc/contracts/supply/catalog-supplier-items';
import type { DeptDiscountBody, DeptDiscountVO } from '@kc/contracts/supply/discounts';
import type { ListRequest } from '../../../../components/list-page/index.ts';
import { api } from '../../../../lib/api-client.ts';

export type { DeptDiscountBody, DeptDiscountVO } from '@kc/contracts/supply/discounts';

/** 协议价列表 GET /supplier/v1/deptDiscount/plist */
export function getDiscounts(query: ListRequest): Promise<Page<DeptDiscountVO>> {
  const { tab, ...rest } = query;
  return api.get<Page<DeptDiscountVO>>('/supplier/v1/deptDiscount/plist', { ...rest, status: tab === 'all' || !tab ? undefined : tab });
}

/** 研究所（有供货合同的） GET /supplier/v1/contract/institutes */
export const getInstitutes = () => api.get<{ id: number; name: string }[]>('/supplier/v1/contract/institutes');

/** 研究所的部门 GET /supplier/v1/deptDiscount/depts */
export const getDepts = (instituteId: number) =>
  api.get<{ id: number; parentId: number | null; name: string }[]>('/supplier/v1/deptDiscount/depts', { instituteId });

/** 本供应商的商品（选择协议价适用的商品） GET /supplier/v1/item/plist */
export const findItems = (keyword: string) => api.get<SupplierItemPage>('/supplier/v1/item/plist', { tab: 'onShelf', keyword, current: 1, size: 20 });

export const addDiscount = (body: DeptDiscountBody) => api.post<{ id: number }>('/supplier/v1/deptDiscount/add', body);
export const updateDiscount = (id: number, rule: DeptDiscountBody) => api.post<null>('/supplier/v1/deptDiscount/update', { id, rule });
export const setDiscountEnabled = (id: number, enabled: boolean) => api.post<null>(`/supplier/v1/deptDiscount/${enabled ? 'enable' : 'disable'}/${id}`);
export const deleteDiscount = (id: number) => api.post<null>(`/supplier/v1/deptDiscount/delete/${id}`);
