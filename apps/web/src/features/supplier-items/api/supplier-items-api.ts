import type { CategoryNode } from '@kc/contracts/catalog';
import type { Page } from '@kc/contracts/common';
import type {
  ItemPreVO,
  ItemPriceStockBody,
  ItemProposalBody,
  PriceHistoryVO,
  RestoreCheckVO,
  RestoreInfoVO,
  SupplierItemPage,
  SupplierItemVO,
} from '@kc/contracts/supplier-items';
import type { z } from 'zod';
import type { ListRequest } from '../../../components/list-page/index.ts';
import { api } from '../../../lib/api-client.ts';

export type { ItemPreVO, SupplierItemVO } from '@kc/contracts/supplier-items';
export type PriceHistory = z.infer<typeof PriceHistoryVO>;
export type RestoreInfo = z.infer<typeof RestoreInfoVO>;

/** 本供应商商品 GET /supplier/v1/item/plist（tab：onShelf 在售 / offShelf 已下架 / deleted 已删除） */
export function getSupplierItems(query: ListRequest): Promise<SupplierItemPage> {
  return api.get<SupplierItemPage>('/supplier/v1/item/plist', { ...query });
}

/** 上架 / 下架 POST /supplier/v1/item/shelf */
export function setShelf(ids: number[], onShelf: boolean): Promise<null> {
  return api.post<null>('/supplier/v1/item/shelf', { ids, onShelf });
}

/** 改价与库存 POST /supplier/v1/item/priceStock */
export function setPriceStock(body: ItemPriceStockBody): Promise<null> {
  return api.post<null>('/supplier/v1/item/priceStock', body);
}

/** 删除 POST /supplier/v1/item/delete */
export function deleteItems(ids: number[]): Promise<null> {
  return api.post<null>('/supplier/v1/item/delete', { ids });
}

/** 能否恢复 GET /supplier/v1/item/isRestoreDeletedItems/{id} */
export function canRestore(id: number): Promise<z.infer<typeof RestoreCheckVO>> {
  return api.get(`/supplier/v1/item/isRestoreDeletedItems/${id}`);
}

/** 恢复后的商品 GET /supplier/v1/item/getRestoreDelItemsInfo/{id} */
export function getRestoreInfo(id: number): Promise<RestoreInfo> {
  return api.get<RestoreInfo>(`/supplier/v1/item/getRestoreDelItemsInfo/${id}`);
}

/** 恢复 POST /supplier/v1/item/recoverDeletedItems */
export function recoverItems(ids: number[]): Promise<null> {
  return api.post<null>('/supplier/v1/item/recoverDeletedItems', { ids });
}

/** 价格历史 GET /supplier/v1/item/priceHistory/{id} */
export function getPriceHistory(id: number): Promise<PriceHistory[]> {
  return api.get<PriceHistory[]>(`/supplier/v1/item/priceHistory/${id}`);
}

/** 新增商品（提交审核） POST /supplier/v1/itemPre/add */
export function proposeItem(body: ItemProposalBody): Promise<{ id: number }> {
  return api.post<{ id: number }>('/supplier/v1/itemPre/add', body);
}

/** 本供应商的新增申请 GET /supplier/v1/itemPre/page */
export function getMyProposals(query: { current: number; size: number; status?: number }): Promise<Page<ItemPreVO>> {
  return api.get<Page<ItemPreVO>>('/supplier/v1/itemPre/page', { ...query });
}

/** 品牌 GET /mall/v1/brand/list */
export function getBrands(): Promise<{ id: number; name: string }[]> {
  return api.get<{ id: number; name: string }[]>('/mall/v1/brand/list');
}

/** 商品分类树 GET /mall/v1/category/tree */
export function getCategoryTree(): Promise<CategoryNode[]> {
  return api.get<CategoryNode[]>('/mall/v1/category/tree');
}

/** 重复商品 GET /supplier/v1/item/duplicates */
export function getDuplicates(): Promise<{ key: string; items: SupplierItemVO[] }[]> {
  return api.get<{ key: string; items: SupplierItemVO[] }[]>('/supplier/v1/item/duplicates');
}

/** 删除一条重复商品 POST /supplier/v1/deleteDuplicatedData/{id} */
export function deleteDuplicate(id: number): Promise<null> {
  return api.post<null>(`/supplier/v1/deleteDuplicatedData/${id}`);
}

/** 修改名称、CAS 号或管制类别（提交审核） POST /supplier/v1/itemPre/change */
export function requestItemChange(body: {
  itemId: number;
  name: string;
  cas?: string;
  hazards: ('dangerous' | 'precursor' | 'explosive' | 'toxic')[];
}): Promise<{ id: number }> {
  return api.post<{ id: number }>('/supplier/v1/itemPre/change', body);
}
