import type { BudgetLineVO, CardPersonVO, GrantCardDetail, GrantCardInput, GrantCardVO, LedgerEntryVO } from '@kc/contracts/ledgers/budget';
import type { Page } from '@kc/contracts/platform/common';
import type { ListRequest } from '../../../../components/list-page/index.ts';
import { api } from '../../../../lib/api-client.ts';
import { type DownloadedFile, fetchFile } from '../../../../lib/file-download.ts';

export type { BudgetLineVO, CardPersonVO, GrantCardDetail, GrantCardInput, GrantCardVO, LedgerEntryVO };

/** 经费卡列表 GET /mall/v1/grantCard/page */
export function getGrantCards(q: ListRequest): Promise<Page<GrantCardVO>> {
  const { tab: _tab, ...rest } = q;
  return api.get('/mall/v1/grantCard/page', rest);
}

/** 经费卡详情 GET /mall/v1/grantCard/detail/{id} */
export const getGrantCard = (id: number) => api.get<GrantCardDetail>(`/mall/v1/grantCard/detail/${id}`);

/** 新增 POST /mall/v1/grantCard/add */
export const addGrantCard = (card: GrantCardInput) => api.post<{ id: number }>('/mall/v1/grantCard/add', card);

/** 修改 POST /mall/v1/grantCard/update */
export const updateGrantCard = (id: number, card: GrantCardInput) => api.post<null>('/mall/v1/grantCard/update', { id, card });

/** 本所人员（课题负责人、成员） GET /mall/v1/grantCard/people */
export const findPeople = (keyword: string) => api.get<CardPersonVO[]>('/mall/v1/grantCard/people', keyword ? { keyword } : {});

/** 台账 GET /mall/v1/grantCard/ledger */
export const getLedger = (cardId: number, current: number, size: number) =>
  api.get<Page<LedgerEntryVO>>('/mall/v1/grantCard/ledger', { cardId, current, size });

/** 导出台账（Excel） GET /mall/v1/grantCard/ledger/export */
export function exportLedger(cardId: number, cardNo: string): Promise<DownloadedFile> {
  return fetchFile('/mall/v1/grantCard/ledger/export', { cardId }, `经费卡台账-${cardNo}.xlsx`);
}

/** 年末结转（仅本所财务） POST /mall/v1/grantCard/carryForward */
export const carryForward = (fromId: number, toId: number) =>
  api.post<{ subOrders: number; orders: number; amount: number }>('/mall/v1/grantCard/carryForward', { fromId, toId });
