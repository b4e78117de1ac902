import type { Page } from '@kc/contracts/platform/common';
import type { CategoryNode } from '@kc/contracts/supply/catalog';
import type { PriceImportVO, PriceRowChange, PriceRowVO } from '@kc/contracts/supply/catalog-price-imports';
import type {
  ItemChangeBody,
  ItemPreVO,
  ItemPriceStockBody,
  ItemProposalBody,
  PriceHistoryVO,
  RestoreCheckVO,
  RestoreInfoVO,
  SaleBody,
  SaleVO,
  SupplierItemPage,
  SupplierItemVO,
} from '@kc/contracts/supply/catalog-supplier-items';
import type { z } from 'zod';
import type { ListRequest } from '../../../../components/list-page/index.ts';
import { api } from '../../../../lib/api-client.ts';
import { fetchFile } from '../../../../lib/file-download.ts';

export type { PriceImportVO, PriceRowVO } from '@kc/contracts/supply/catalog-price-imports';
export type { ItemPreVO, SupplierItemVO } from '@kc/contracts/supply/catalog-supplier-items';
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

/** 修改名称、CAS 号、管制类别或税率（提交审核） POST /supplier/v1/itemPre/change */
export function requestItemChange(body: ItemChangeBody): Promise<{ id: number }> {
  return api.post<{ id: number }>('/supplier/v1/itemPre/change', body);
}

// ── 价格导入 ──────────────────────────────────────────────────────────────

/** 下载价格导入模板 GET /supplier/v1/item/excel/priceTemplate/download */
export const downloadPriceTemplate = () => fetchFile('/supplier/v1/item/excel/priceTemplate/download', undefined, '价格导入模板.xlsx');
/** 导出现价 GET /supplier/v1/item/excel/exportPrice */
export const exportPrices = () => fetchFile('/supplier/v1/item/excel/exportPrice', undefined, '价格表.xlsx');
/** 错误报告 GET /supplier/v1/item/excel/errorFile/{id} */
export const downloadImportErrors = (id: number) => fetchFile(`/supplier/v1/item/excel/errorFile/${id}`, undefined, '错误报告.xlsx');

/** 上传价格表 POST /supplier/v1/item/excel/uploadPrice */
export function uploadPriceSheet(file: File): Promise<PriceImportVO> {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.postMultipart<PriceImportVO>('/supplier/v1/item/excel/uploadPrice', form);
}

/** 一次导入 GET /supplier/v1/item/excel/import/{id} */
export const getPriceImport = (id: number) => api.get<PriceImportVO>(`/supplier/v1/item/excel/import/${id}`);

/** 导入预览的行 GET /supplier/v1/itemCache/plist */
export function getImportRows(query: {
  importId: number;
  change?: PriceRowChange;
  flagged?: 'true';
  current: number;
  size: number;
}): Promise<Page<PriceRowVO>> {
  return api.get<Page<PriceRowVO>>('/supplier/v1/itemCache/plist', { ...query });
}

/** 导入记录 GET /supplier/v1/importItemRecord/list */
export function getImportRecords(query: { current: number; size: number }): Promise<Page<PriceImportVO>> {
  return api.get<Page<PriceImportVO>>('/supplier/v1/importItemRecord/list', { ...query });
}

export const confirmPriceImport = (id: number) => api.post<null>(`/supplier/v1/item/excel/confirm/${id}`);
export const cancelPriceImport = (id: number) => api.post<null>(`/supplier/v1/item/excel/cancel/${id}`);
export const rollbackPriceImport = (id: number) =>
  api.post<{ id: number; proposalsWithdrawn: number; proposalsApproved: number }>(`/supplier/v1/item/excel/rollback/${id}`);

// ── 促销 ──────────────────────────────────────────────────────────────────

/** 申请促销 POST /supplier/v1/sale/add */
export const askSale = (body: SaleBody) => api.post<{ id: number }>('/supplier/v1/sale/add', body);
/** 促销申请与活动 GET /supplier/v1/sale/plist */
export const getSales = (current: number) => api.get<Page<SaleVO>>('/supplier/v1/sale/plist', { current, size: 10 });
/** 提前结束 POST /supplier/v1/sale/end/{id} */
export const endSale = (saleId: number) => api.post<null>(`/supplier/v1/sale/end/${saleId}`);
