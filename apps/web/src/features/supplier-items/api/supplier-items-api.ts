import type { ItemPriceStockBody, PriceHistoryVO, RestoreCheckVO, RestoreInfoVO, SupplierItemPage } from '@kc/contracts/supplier-items';
import type { z } from 'zod';
import type { ListRequest } from '../../../components/list-page/index.ts';
import { api } from '../../../lib/api-client.ts';

export type { SupplierItemVO } from '@kc/contracts/supplier-items';
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
