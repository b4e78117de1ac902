import type { ContainerDetail, ContainerVO, LabelVO, LocationInput, LocationVO, SlipVO, StockOutInput } from '@kc/contracts/ledgers/inventory';
import type { Page } from '@kc/contracts/platform/common';
import type { ListRequest } from '../../../../components/list-page/index.ts';
import { api } from '../../../../lib/api-client.ts';
import { type DownloadedFile, fetchFile } from '../../../../lib/file-download.ts';

export type { ContainerDetail, ContainerVO, LabelVO, LocationInput, LocationVO, SlipVO, StockOutInput };

const P = '/mall/v1/inventory';

export interface StocktakeVO {
  id: number;
  title: string;
  status: 'open' | 'closed';
  locationLabel: string | null;
  lines: number;
  counted: number;
  differences: number;
  createdByName: string | null;
  createdAt: string;
  closedAt: string | null;
}
export interface StocktakeLineVO {
  id: number;
  containerId: number;
  code: string;
  name: string;
  spec: string;
  unit: string;
  locationLabel: string | null;
  expected: number;
  counted: number | null;
  reason: string | null;
}
export interface StockOutCheck {
  containerId: number;
  ok: boolean;
  message: string;
  converted: number | null;
  balanceAfter: number | null;
}

/** 库存台账 GET /mall/v1/inventory/page */
export function getContainers(q: ListRequest): Promise<Page<ContainerVO>> {
  const { tab: _tab, ...rest } = q;
  return api.get(`${P}/page`, rest);
}
/** 容器详情与台账 GET /mall/v1/inventory/detail/{id} */
export const getContainer = (id: number) => api.get<ContainerDetail>(`${P}/detail/${id}`);
/** 领用前校验 POST /mall/v1/inventory/stockOut/validate */
export const validateStockOut = (b: StockOutInput) => api.post<{ ok: boolean; lines: StockOutCheck[] }>(`${P}/stockOut/validate`, b);
/** 领用出库 POST /mall/v1/inventory/stockOut */
export const stockOut = (b: StockOutInput) => api.post<{ slipId: number; slipNo: string }>(`${P}/stockOut`, b);
/** 移库 POST /mall/v1/inventory/move */
export const moveContainers = (ids: number[], locationId: number) => api.post<null>(`${P}/move`, { ids, locationId });
/** 本所人员 GET /mall/v1/inventory/people */
export const findPeople = (keyword: string) => api.get<{ id: number; realName: string; userName: string }[]>(`${P}/people`, keyword ? { keyword } : {});

/** 入库单 / 出库单 GET /mall/v1/inventory/slip */
export const getSlip = (id: number) => api.get<SlipVO>(`${P}/slip`, { id });
export const slipPdf = (id: number, stamp: boolean): Promise<DownloadedFile> =>
  fetchFile(`${P}/slip/pdf`, { id, stamp: stamp ? '1' : '0' }, `${stamp ? '胶版' : ''}单据-${id}.pdf`);
/** 容器标签 PDF GET /mall/v1/inventory/labels/pdf */
export const labelsPdf = (ids: number[]): Promise<DownloadedFile> => fetchFile(`${P}/labels/pdf`, { ids: ids.join(',') }, '库存标签.pdf');

/** 存放位置 */
export function getLocations(q: ListRequest): Promise<Page<LocationVO>> {
  const { tab: _tab, ...rest } = q;
  return api.get(`${P}/location/page`, rest);
}
export const enabledLocations = () => api.get<Page<LocationVO>>(`${P}/location/page`, { size: 200, enabledOnly: 1 });
export const addLocation = (b: LocationInput) => api.post<{ id: number }>(`${P}/location/add`, b);
export const updateLocation = (id: number, b: LocationInput) => api.post<null>(`${P}/location/update`, { id, ...b });
export const deleteLocation = (id: number) => api.post<null>(`${P}/location/delete`, { id });

/** 盘点 */
export function getStocktakes(q: ListRequest): Promise<Page<StocktakeVO>> {
  const { tab: _tab, ...rest } = q;
  return api.get(`${P}/stocktake/page`, rest);
}
export const getStocktake = (id: number) => api.get<StocktakeVO & { items: StocktakeLineVO[] }>(`${P}/stocktake/detail/${id}`);
export const openStocktake = (title: string, locationId?: number) => api.post<{ id: number }>(`${P}/stocktake/add`, { title, locationId });
export const saveCounts = (stocktakeId: number, lines: { lineId: number; counted: number; reason?: string | null }[]) =>
  api.post<null>(`${P}/stocktake/count`, { stocktakeId, lines });
export const closeStocktake = (id: number) => api.post<{ adjusted: number }>(`${P}/stocktake/close`, { id });
