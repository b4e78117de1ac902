import type { ComplaintBody, ComplaintDetail, ComplaintVO } from '@kc/contracts/buying/complaints';
import type { Page } from '@kc/contracts/platform/common';
import type { ListRequest } from '../../../../components/list-page/index.ts';
import { api } from '../../../../lib/api-client.ts';

export type { ComplaintDetail, ComplaintVO };
export type ComplaintSide = 'buyer' | 'admin' | 'supplier';
const PREFIX: Record<ComplaintSide, string> = { buyer: '/mall/v1/complain', admin: '/mall/v1/complain/admin', supplier: '/supplier/v1/complain' };

export const getComplaints =
  (side: ComplaintSide) =>
  (q: ListRequest): Promise<Page<ComplaintVO>> =>
    api.get(`${PREFIX[side]}/page`, q);
export const getComplaint = (side: ComplaintSide, id: number): Promise<ComplaintDetail> => api.get(`${PREFIX[side]}/detail/${id}`);
export const addComplaint = (b: ComplaintBody): Promise<{ id: number; complaintNo: string }> => api.post('/mall/v1/complain/add', b);
export const replyComplaint = (id: number, content: string): Promise<null> => api.post('/supplier/v1/complain/reply', { id, content });
export const handleComplaint = (action: 'accept' | 'resolve' | 'reject', id: number, content?: string): Promise<unknown> =>
  api.post(`/mall/v1/complain/admin/${action}`, action === 'accept' ? { id } : { id, content });
