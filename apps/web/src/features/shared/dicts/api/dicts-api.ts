import type { Page } from '@kc/contracts/platform/common';
import type { DictConfigTypeVO, DictTypeVO } from '@kc/contracts/shared/dicts';
import type { ListRequest } from '../../../../components/list-page/index.ts';
import { api } from '../../../../lib/api-client.ts';

export type { DictConfigTypeVO, DictTypeVO };
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
