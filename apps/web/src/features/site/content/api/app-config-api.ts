import type { Page } from '@kc/contracts/platform/common';
import type { AppConfigVO } from '@kc/contracts/site/content-app-config';
import type { ListRequest } from '../../../../components/list-page/index.ts';
import { api } from '../../../../lib/api-client.ts';

export type { AppConfigVO };

// ── App 页面与版本 ──
export type AppFamily = 'page' | 'version';
const APP_BASE: Record<AppFamily, string> = { page: '/mall/v1/appPageConfig', version: '/mall/v1/appVersionConfig' };
export const getAppConfigs = (family: AppFamily) => (q: ListRequest) => api.get<Page<AppConfigVO>>(`${APP_BASE[family]}/page`, q);
export const addAppConfig = (family: AppFamily, b: { instituteId?: number; title: string; payload: unknown }) =>
  api.post<{ id: number }>(`${APP_BASE[family]}/add`, b);
export const setAppConfigActive = (family: AppFamily, id: number, action: 'start' | 'stop') => api.post<null>(`${APP_BASE[family]}/${action}/${id}`);
export const deleteAppConfig = (family: AppFamily, id: number) => api.delete<null>(`${APP_BASE[family]}/delete/${id}`);
