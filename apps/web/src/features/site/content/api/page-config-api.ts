import type { Page } from '@kc/contracts/platform/common';
import { PAGE_CONFIG_KIND_LABELS, PAGE_CONFIG_KINDS } from '@kc/contracts/site/content';
import { api } from '../../../../lib/api-client.ts';
import type { PageConfigKind, PageConfigVO } from '../../../../lib/page-config.ts';

export { getValidPageConfig, type PageConfigKind, type PageConfigVO, pageConfigKeys, useValidPageConfig } from '../../../../lib/page-config.ts';
export { PAGE_CONFIG_KIND_LABELS, PAGE_CONFIG_KINDS };

export interface PageConfigInput {
  kind: PageConfigKind;
  title: string;
  imageFileId?: number | null;
  linkUrl?: string | null;
  content?: string | null;
  sort: number;
}

/** 登录页轮播图片地址 GET /mall/v1/webPageConfig/noauth/getLoginFileUrl/{id} */
export function getLoginFileUrl(id: number): Promise<{ url: string }> {
  return api.get<{ url: string }>(`/mall/v1/webPageConfig/noauth/getLoginFileUrl/${id}`);
}

/** 页面配置列表 GET /mall/v1/webPageConfig/page */
export function getPageConfigPage(query: { current: number; size: number; kind?: PageConfigKind; status?: number }): Promise<Page<PageConfigVO>> {
  return api.get<Page<PageConfigVO>>('/mall/v1/webPageConfig/page', { ...query });
}

/** 新增页面配置（停用状态） POST /mall/v1/webPageConfig/add */
export function addPageConfig(body: PageConfigInput): Promise<{ id: number }> {
  return api.post<{ id: number }>('/mall/v1/webPageConfig/add', body);
}

/** 修改页面配置 PUT /mall/v1/webPageConfig/update */
export function updatePageConfig(body: PageConfigInput & { id: number }): Promise<null> {
  return api.put<null>('/mall/v1/webPageConfig/update', body);
}

/** 启用页面配置 POST /mall/v1/webPageConfig/start/{id} */
export function startPageConfig(id: number): Promise<null> {
  return api.post<null>(`/mall/v1/webPageConfig/start/${id}`);
}

/** 停用页面配置 POST /mall/v1/webPageConfig/stop/{id} */
export function stopPageConfig(id: number): Promise<null> {
  return api.post<null>(`/mall/v1/webPageConfig/stop/${id}`);
}

/** 删除页面配置 DELETE /mall/v1/webPageConfig/delete/{id} */
export function deletePageConfig(id: number): Promise<null> {
  return api.delete<null>(`/mall/v1/webPageConfig/delete/${id}`);
}
