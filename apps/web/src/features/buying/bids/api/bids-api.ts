import type {
  BidAwardVO as BidAwardSchema,
  BidProjectDetail as BidProjectDetailSchema,
  BidProjectInput,
  BidProjectVO as BidProjectSchema,
  BidResultVO as BidResultSchema,
  BidSubmitInput,
  MyBidVO as MyBidSchema,
  PrintControlVO as PrintControlSchema,
  PublicBidVO as PublicBidSchema,
  SupplierBidDetail as SupplierBidDetailSchema,
  SupplierBidProjectVO as SupplierBidProjectSchema,
} from '@kc/contracts/buying/bids';
import type { AddressVO as AddressSchema } from '@kc/contracts/buying/mall';
import type { Page } from '@kc/contracts/platform/common';
import type { z } from 'zod';
import type { ListRequest } from '../../../../components/list-page/index.ts';
import { api } from '../../../../lib/api-client.ts';
import { type DownloadedFile, fetchFile } from '../../../../lib/file-download.ts';

export type BidProjectVO = z.infer<typeof BidProjectSchema>;
export type BidProjectDetail = z.infer<typeof BidProjectDetailSchema>;
export type BidResultVO = z.infer<typeof BidResultSchema>;
export type BidAwardVO = z.infer<typeof BidAwardSchema>;
export type MyBidVO = z.infer<typeof MyBidSchema>;
export type PrintControlVO = z.infer<typeof PrintControlSchema>;
export type PublicBidVO = z.infer<typeof PublicBidSchema>;
export type SupplierBidProjectVO = z.infer<typeof SupplierBidProjectSchema>;
export type SupplierBidDetail = z.infer<typeof SupplierBidDetailSchema>;
export type AddressVO = z.infer<typeof AddressSchema>;
export type { BidProjectInput, BidSubmitInput };

/** 招标项目列表 GET /mall/v1/bid/page */
export function getBidProjects(q: ListRequest): Promise<Page<BidProjectVO>> {
  const { tab, ...rest } = q;
  return api.get('/mall/v1/bid/page', tab && tab !== 'all' ? { ...rest, state: tab } : rest);
}

/** 详情 GET /mall/v1/bid/detail/{id} */
export const getBidProject = (id: number) => api.get<BidProjectDetail>(`/mall/v1/bid/detail/${id}`);
/** 可邀请的供应商 GET /mall/v1/bid/suppliers */
export const getBidSuppliers = () => api.get<{ id: number; name: string }[]>('/mall/v1/bid/suppliers');
/** 收货地址 GET /mall/v1/recvAddress/getPageUserRecAddress */
export const getMyAddresses = () => api.get<Page<AddressVO>>('/mall/v1/recvAddress/getPageUserRecAddress', { current: 1, size: 100 });
/** 发布 POST /mall/v1/bid/add */
export const addBidProject = (p: BidProjectInput) => api.post<{ id: number; projectNo: string }>('/mall/v1/bid/add', p);
/** 修改 POST /mall/v1/bid/update */
export const updateBidProject = (id: number, project: BidProjectInput) => api.post<null>('/mall/v1/bid/update', { id, project });
/** 定标 POST /mall/v1/bid/award */
export const awardBid = (id: number) => api.post<BidAwardVO>('/mall/v1/bid/award', { id });
/** 重新招标 POST /mall/v1/bid/rebid */
export const rebid = (id: number, deadline: string) => api.post<null>('/mall/v1/bid/rebid', { id, deadline });
/** 关闭 POST /mall/v1/bid/close */
export const closeBid = (id: number, reason: string) => api.post<null>('/mall/v1/bid/close', { id, reason });
/** 能否打印 GET /mall/v1/bid/printPDF/checkControl/{id} */
export const checkPrint = (id: number) => api.get<PrintControlVO>(`/mall/v1/bid/printPDF/checkControl/${id}`);
/** 招标记录 PDF GET /mall/v1/bid/printPDF/{id} */
export const bidPdf = (id: number, no: string): Promise<DownloadedFile> => fetchFile(`/mall/v1/bid/printPDF/${id}`, undefined, `招标记录-${no}.pdf`);
/** 招标公告（公开） GET /mall/v1/bid/public/list */
export const getPublicBids = (q: { current: number; size: number; title?: string }) => api.get<Page<PublicBidVO>>('/mall/v1/bid/public/list', q);

/** 供应商：招标项目 GET /supplier/v1/bid/all/list（tab open | mine） */
export function getSupplierBids(q: ListRequest): Promise<Page<SupplierBidProjectVO>> {
  return api.get('/supplier/v1/bid/all/list', { ...q, tab: q.tab === 'mine' ? 'mine' : 'open' });
}
/** 供应商：详情 GET /supplier/v1/bid/detail/{id} */
export const getSupplierBid = (id: number) => api.get<SupplierBidDetail>(`/supplier/v1/bid/detail/${id}`);
/** 供应商：提交或修改投标 POST /supplier/v1/bid/submit */
export const submitBid = (b: BidSubmitInput) => api.post<MyBidVO | null>('/supplier/v1/bid/submit', b);
