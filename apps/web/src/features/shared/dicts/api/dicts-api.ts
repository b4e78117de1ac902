import type { ChangeKind, ChangeRequestVO } from '@kc/contracts/identity/account-centre';
import type { Page } from '@kc/contracts/platform/common';
import type { DictConfigTypeVO, DictTypeVO } from '@kc/contracts/shared/dicts';
import type { AppConfigVO } from '@kc/contracts/site/content-app-config';
import type { ListRequest } from '../../../components/list-page/index.ts';
import { api } from '../../../lib/api-client.ts';

export type { AppConfigVO, ChangeKind, ChangeRequestVO, DictConfigTypeVO, DictTypeVO };
export interface DictInstituteRow {
  instituteId: number;
  instituteName: string;
  overrides: number;
  ownItems: number;
  updatedAt: string | null;
}
export interface DictLogRow {
  id: number;
  instituteName: string | null;
  userName: string;
  actionText: string;
  typeCode: string;
  itemValue: string | null;
  detail: string;
  createdAt: string;
}

// ── 字典管理 ──
export const getDictTypes = (q: ListRequest) => api.get<Page<DictTypeVO>>('/mall/v1/dict/getDict', q);
export const addDictType = (b: { code: string; name: string; remark: string }) => api.post<{ id: number }>('/mall/v1/dict/add', { kind: 'type', ...b });
export const addDictItem = (b: { typeId: number; value: string; label: string; sort: number }) =>
  api.post<{ id: number }>('/mall/v1/dict/add', { kind: 'item', ...b });
export const updateDictType = (b: { id: number; name: string; remark: string }) => api.put<null>('/mall/v1/dict/update', { kind: 'type', ...b });
export const updateDictItem = (b: { id: number; label: string; sort: number; status: 0 | 1 }) => api.put<null>('/mall/v1/dict/update', { kind: 'item', ...b });
export const deleteDict = (kind: 'type' | 'item', id: number) => api.delete<null>('/mall/v1/dict/delete', { kind, id });

// ── 研究所字典配置 ──
export const getDictInstitutes = (q: ListRequest) => api.get<Page<DictInstituteRow>>('/mall/v1/dict_config/getConfigInstitu', q);
export const getInstituteDicts = (id: number) => api.get<DictConfigTypeVO[]>(`/mall/v1/dict_config/getInstituId/${id}`);
export const saveOverride = (b: { instituteId: number; itemId: number; hidden: boolean; label: string | null; sort: number | null }) =>
  api.post<null>('/mall/v1/dict_config/update', b);
export const addOwnItem = (b: { instituteId: number; typeId: number; value: string; label: string; sort: number }) =>
  api.post<{ id: number }>('/mall/v1/dict_config/addConfigInstitue', b);
export const getDictLog = (q: ListRequest) => api.get<Page<DictLogRow>>('/mall/v1/dict_config/getConfigInstituOperateLog', q);

// ── 用户信息审核、用户名审核 ──
const REVIEW_BASE: Record<ChangeKind, string> = { userInfo: '/uac/v1/userInfoReview', userName: '/uac/v1/userNameReview' };
export const getReviews = (kind: ChangeKind) => (q: ListRequest) => api.get<Page<ChangeRequestVO>>(`${REVIEW_BASE[kind]}/query`, q);
export const review = (kind: ChangeKind, b: { id: number; pass: boolean; reason: string }) => api.post<null>(`${REVIEW_BASE[kind]}/review`, b);
export const batchReview = (kind: ChangeKind, b: { ids: number[]; pass: boolean; reason: string }) =>
  api.post<{ done: number; skipped: { id: number; reason: string }[] }>(`${REVIEW_BASE[kind]}/batchReview`, b);
export const adminModifyUserName = (b: { userId: number; newUserName: string; reason: string }) => api.post<null>('/uac/v1/userNameReview/adminModify', b);

// ── App 页面与版本 ──
export type AppFamily = 'page' | 'version';
const APP_BASE: Record<AppFamily, string> = { page: '/mall/v1/appPageConfig', version: '/mall/v1/appVersionConfig' };
export const getAppConfigs = (family: AppFamily) => (q: ListRequest) => api.get<Page<AppConfigVO>>(`${APP_BASE[family]}/page`, q);
export const addAppConfig = (family: AppFamily, b: { instituteId?: number; title: string; payload: unknown }) =>
  api.post<{ id: number }>(`${APP_BASE[family]}/add`, b);
export const setAppConfigActive = (family: AppFamily, id: number, action: 'start' | 'stop') => api.post<null>(`${APP_BASE[family]}/${action}/${id}`);
export const deleteAppConfig = (family: AppFamily, id: number) => api.delete<null>(`${APP_BASE[family]}/delete/${id}`);
