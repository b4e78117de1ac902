import type { Page } from '@kc/contracts/platform/common';
import type { ItemPreVO } from '@kc/contracts/supply/catalog-supplier-items';
import type { ListRequest } from '../../../../components/list-page/index.ts';
import { api } from '../../../../lib/api-client.ts';

export type { ItemPreVO } from '@kc/contracts/supply/catalog-supplier-items';

/** 商品申请（平台） GET /supplier/v1/itemPre/review/page */
export function getReviewQueue(query: ListRequest): Promise<Page<ItemPreVO>> {
  const { tab, ...rest } = query;
  return api.get<Page<ItemPreVO>>('/supplier/v1/itemPre/review/page', { ...rest, status: tab === 'all' ? undefined : tab });
}

/** 审核一条 POST /supplier/v1/assertItemById/{id} */
export function reviewOne(id: number, pass: boolean, reason?: string): Promise<null> {
  return api.post<null>(`/supplier/v1/assertItemById/${id}`, { pass, reason });
}

/** 批量审核 POST /supplier/v1/assertItemBatch */
export function reviewBatch(ids: number[], pass: boolean, reason?: string): Promise<null> {
  return api.post<null>('/supplier/v1/assertItemBatch', { ids, pass, reason });
}
