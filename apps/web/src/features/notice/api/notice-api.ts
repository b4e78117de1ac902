import type { Page } from '@kc/contracts/common';
import type { NoticeVO as NoticeSchema } from '@kc/contracts/content';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

export type NoticeVO = z.infer<typeof NoticeSchema>;

/** SPEC.md §3/§7: type 1 public, 2 buyers, 3 suppliers; status 0 draft, 1 published, 2 withdrawn. */
export const NOTICE_TYPE_LABELS: Record<number, string> = { 1: '公开公告', 2: '采购方公告', 3: '供应商公告' };
export const NOTICE_STATUS_LABELS: Record<number, string> = { 0: '草稿', 1: '已发布', 2: '已下线' };
/** SPEC.md §7/§9: notice lists are fetched with page size 999. */
export const NOTICE_PAGE_SIZE = 999;

export interface NoticeQuery {
  current: number;
  size: number;
  status?: number;
  type?: number;
  title?: string;
}

export interface NoticeInput {
  title: string;
  content: string;
  type: number;
  top: boolean;
}

/** 公告列表 GET /uac/v1/notice/page */
export function getNoticePage(query: NoticeQuery): Promise<Page<NoticeVO>> {
  return api.get<Page<NoticeVO>>('/uac/v1/notice/page', { ...query });
}

/** 公开公告列表 GET /uac/v1/notice/noauth/page */
export function getPublicNoticePage(query: Pick<NoticeQuery, 'current' | 'size' | 'title'>): Promise<Page<NoticeVO>> {
  return api.get<Page<NoticeVO>>('/uac/v1/notice/noauth/page', { ...query });
}

/** 公告详情 GET /uac/v1/notice/getNoticeById/{id} */
export function getNoticeById(id: number): Promise<NoticeVO> {
  return api.get<NoticeVO>(`/uac/v1/notice/getNoticeById/${id}`);
}

/** 公开公告详情 GET /uac/v1/notice/noauth/getNoticeById/{id} */
export function getPublicNoticeById(id: number): Promise<NoticeVO> {
  return api.get<NoticeVO>(`/uac/v1/notice/noauth/getNoticeById/${id}`);
}

/** 新增公告（草稿） POST /uac/v1/notice/add */
export function addNotice(body: NoticeInput): Promise<{ id: number }> {
  return api.post<{ id: number }>('/uac/v1/notice/add', body);
}

/** 修改公告 PUT /uac/v1/notice/update */
export function updateNotice(body: NoticeInput & { id: number }): Promise<null> {
  return api.put<null>('/uac/v1/notice/update', body);
}

/** 发布公告 POST /uac/v1/notice/publish/{id} */
export function publishNotice(id: number): Promise<null> {
  return api.post<null>(`/uac/v1/notice/publish/${id}`);
}

/** 下线公告 POST /uac/v1/notice/withdraw/{id} */
export function withdrawNotice(id: number): Promise<null> {
  return api.post<null>(`/uac/v1/notice/withdraw/${id}`);
}

/** 删除公告 DELETE /uac/v1/notice/delete/{id} */
export function deleteNotice(id: number): Promise<null> {
  return api.delete<null>(`/uac/v1/notice/delete/${id}`);
}

export const noticeKeys = {
  all: ['uac', 'notice'] as const,
  dashboard: (type: number) => ['uac', 'notice', 'dashboard', type] as const,
  admin: (q: NoticeQuery) => ['uac', 'notice', 'admin', q] as const,
  public: (q: object) => ['uac', 'notice', 'public', q] as const,
  detail: (id: number, loggedIn: boolean) => ['uac', 'notice', 'detail', id, loggedIn] as const,
};

/** Published notices for a dashboard: type 2 for buyers, 3 for suppliers, size 999 (SPEC.md §7). */
export function useDashboardNotices(type: 2 | 3) {
  return useQuery({
    queryKey: noticeKeys.dashboard(type),
    queryFn: () => getNoticePage({ current: 1, size: NOTICE_PAGE_SIZE, status: 1, type }),
    placeholderData: keepPreviousData,
  });
}
