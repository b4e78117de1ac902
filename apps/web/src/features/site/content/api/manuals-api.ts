import type { Page } from '@kc/contracts/platform/common';
import type { ManualVO as ManualSchema, MyManualVO, RoleOptionVO } from '@kc/contracts/site/content-notices-manuals';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ListRequest } from '../../../../components/list-page/index.ts';
import { api } from '../../../../lib/api-client.ts';
import { isLoggedIn } from '../../../../lib/session.ts';

export type ManualVO = z.infer<typeof ManualSchema>;
export type MyManual = z.infer<typeof MyManualVO>;
export type ManualRole = z.infer<typeof RoleOptionVO>;

export interface ManualInput {
  title: string;
  description: string;
  roleIds: number[];
  fileId?: number;
  note: string;
}

/** 操作手册列表 GET /uac/v1/operationManual/page */
export const getManualPage = (q: ListRequest) => api.get<Page<ManualVO>>('/uac/v1/operationManual/page', { ...q });
/** 可设置的角色 GET /uac/v1/operationManual/roleOptions */
export const getManualRoles = () => api.get<ManualRole[]>('/uac/v1/operationManual/roleOptions');
/** 新增 POST /uac/v1/operationManual/add */
export const addManual = (b: ManualInput & { fileId: number }) => api.post<{ id: number }>('/uac/v1/operationManual/add', b);
/** 修改（换文件即新版本） PUT /uac/v1/operationManual/update */
export const updateManual = (b: ManualInput & { id: number }) => api.put<{ version: number }>('/uac/v1/operationManual/update', b);
/** 发布某一版本或下线 POST /uac/v1/operationManual/publish */
export const publishManual = (b: { id: number; version?: number; publish: boolean }) => api.post<null>('/uac/v1/operationManual/publish', b);
/** 删除 DELETE /uac/v1/operationManual/delete/{id} */
export const deleteManual = (id: number) => api.delete<null>(`/uac/v1/operationManual/delete/${id}`);
/** 我的操作手册 GET /uac/v1/operationManual/listForMe */
export const getMyManuals = () => api.get<MyManual[]>('/uac/v1/operationManual/listForMe');

export const manualKeys = {
  all: ['uac', 'operationManual'] as const,
  mine: ['uac', 'operationManual', 'mine'] as const,
  roles: ['uac', 'operationManual', 'roles'] as const,
};

/** The published manuals of the user's roles (the help centre). */
export function useMyManuals(enabled = true) {
  return useQuery({ queryKey: manualKeys.mine, queryFn: getMyManuals, enabled: enabled && isLoggedIn(), staleTime: 60_000 });
}
