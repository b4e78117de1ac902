import type { Page } from '@kc/contracts/platform/common';
import type { NoticeVO as NoticeSchema } from '@kc/contracts/site/content';
import type { NoticeBatchResult as NoticeBatchResultSchema, NoticeReaderVO, RoleOptionVO } from '@kc/contracts/site/content-notices-manuals';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../../lib/api-client.ts';
import { type DownloadedFile, fetchFile } from '../../../../lib/file-download.ts';

export type NoticeVO = z.infer<typeof NoticeSchema>;

/** docs/domains/site.md#notices: type 1 public, 2 buyers, 3 suppliers; status 0 draft, 1 published, 2 withdrawn. */
export const NOTICE_TYPE_LABELS: Record<number, string> = { 1: '公开公告', 2: '采购方公告', 3: '供应商公告' };
export const NOTICE_STATUS_LABELS: Record<number, string> = { 0: '草稿', 1: '已发布', 2: '已下线' };
/** docs/domains/site.md#notices: notice lists are fetched with page size 999. */
export const NOTICE_PAGE_SIZE = 999;

export interface NoticeQuery {
  current: number;
  size: number;
  status?: number;
  type?: number;
  title?: string;
  instituteId?: number;
}

export interface NoticeInput {
  title: string;
  content: string;
  type: number;
  top: boolean;
  publishAt?: string | null;
  withdrawAt?: string | null;
  instituteId?: number | null;
  roleIds?: number[];
  fileIds?: number[];
}

export type NoticeBatchResult = z.infer<typeof NoticeBatchResultSchema>;
export type NoticeReader = z.infer<typeof NoticeReaderVO>;
export type RoleOption = z.infer<typeof RoleOptionVO>;

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

/** 公告管理列表（含已读、未读人数） GET /uac/v1/notice/manage/page */
export function getManageNoticePage(query: NoticeQuery): Promise<Page<NoticeVO>> {
  return api.get<Page<NoticeVO>>('/uac/v1/notice/manage/page', { ...query });
}

/** 阅读情况 GET /uac/v1/notice/readers */
export function getNoticeReaders(query: { id: number; read: 'true' | 'false'; userName?: string; current: number; size: number }): Promise<Page<NoticeReader>> {
  return api.get<Page<NoticeReader>>('/uac/v1/notice/readers', { ...query });
}

/** 公告可面向的角色 GET /uac/v1/notice/roleOptions */
export function getNoticeRoleOptions(): Promise<RoleOption[]> {
  return api.get<RoleOption[]>('/uac/v1/notice/roleOptions');
}

/** 可发布研究所公告的研究所 GET /uac/v1/notice/instituteOptions */
export function getNoticeInstitutes(): Promise<{ id: number; name: string }[]> {
  return api.get<{ id: number; name: string }[]>('/uac/v1/notice/instituteOptions');
}

/** 未读公告数 GET /uac/v1/notice/unreadCount */
export function getUnreadCount(): Promise<{ count: number }> {
  return api.get<{ count: number }>('/uac/v1/notice/unreadCount');
}

/** 标记已读 POST /uac/v1/notice/read/{id} */
export function markNoticeRead(id: number): Promise<null> {
  return api.post<null>(`/uac/v1/notice/read/${id}`, undefined, { silent: true });
}

/** 批量导入公告 POST /uac/v1/notice/batchUpload（preview=true 只校验） */
export function batchUploadNotices(files: File[], preview: boolean): Promise<NoticeBatchResult> {
  const form = new FormData();
  for (const f of files) form.append('file', f, f.name);
  return api.postMultipart<NoticeBatchResult>('/uac/v1/notice/batchUpload', form, { query: { preview: preview ? 'true' : 'false' } });
}

/** 下载公告导入模板 GET /uac/v1/notice/batchUpload/template */
export const downloadNoticeTemplate = (): Promise<DownloadedFile> => fetchFile('/uac/v1/notice/batchUpload/template', undefined, '公告导入模板.xlsx');

export const noticeKeys = {
  all: ['uac', 'notice'] as const,
  dashboard: (type: number) => ['uac', 'notice', 'dashboard', type] as const,
  admin: (q: NoticeQuery) => ['uac', 'notice', 'admin', q] as const,
  public: (q: object) => ['uac', 'notice', 'public', q] as const,
  detail: (id: number, loggedIn: boolean) => ['uac', 'notice', 'detail', id, loggedIn] as const,
  unread: ['uac', 'notice', 'unread'] as const,
  roles: ['uac', 'notice', 'roles'] as const,
  institutes: ['uac', 'notice', 'institutes'] as const,
};

/** The user's unread notices (the badge): visible ones, inside their window, for their roles. */
export function useUnreadNoticeCount() {
  return useQuery({ queryKey: noticeKeys.unread, queryFn: getUnreadCount, staleTime: 30_000 });
}

/** Published notices for a dashboard: type 2 for buyers, 3 for suppliers, size 999 (docs/domains/site.md#notices). */
export function useDashboardNotices(type: 2 | 3) {
  return useQuery({
    queryKey: noticeKeys.dashboard(type),
    queryFn: () => getNoticePage({ current: 1, size: NOTICE_PAGE_SIZE, status: 1, type }),
    placeholderData: keepPreviousData,
  });
}
