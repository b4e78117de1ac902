import type { CommentBody, CommentVO } from '@kc/contracts/buying/comments';
import type { Page } from '@kc/contracts/platform/common';
import type { ListRequest } from '../../../../components/list-page/index.ts';
import { api } from '../../../../lib/api-client.ts';

export type { CommentVO };
export type CommentSide = 'buyer' | 'admin' | 'supplier';
const PAGE: Record<CommentSide, string> = { buyer: '/mall/v1/comment/page', admin: '/mall/v1/comment/admin/page', supplier: '/supplier/v1/comment/page' };

export const getComments =
  (side: CommentSide) =>
  (q: ListRequest): Promise<Page<CommentVO>> =>
    api.get(PAGE[side], q);
export const addComment = (b: CommentBody): Promise<{ id: number }> => api.post('/mall/v1/comment/add', b);
export const getOrderComments = (orderId: number): Promise<{ lineId: number; commentId: number | null; commentable: boolean }[]> =>
  api.get(`/mall/v1/comment/order/${orderId}`);
export const replyComment = (id: number, content: string): Promise<null> => api.post('/supplier/v1/comment/reply', { id, content });
export const hideComment = (id: number, reason: string): Promise<null> => api.post('/mall/v1/comment/admin/hide', { id, reason });
export const showComment = (id: number): Promise<null> => api.post('/mall/v1/comment/admin/show', { id });
