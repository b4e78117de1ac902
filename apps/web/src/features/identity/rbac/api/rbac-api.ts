import type { AuthNode, ResourceNode, RoleVO } from '@kc/contracts/identity/rbac';
import type { Page } from '@kc/contracts/platform/common';
import { api } from '../../../../lib/api-client.ts';

/** 角色管理 (roles and their grants) and 资源管理 (the resource tree). */
export type { AuthNode, ResourceNode, RoleVO };
export interface AuthorityInput {
  resourceId: number;
  addJurisdiction: boolean;
  modifyJurisdiction: boolean;
  deleteJurisdiction: boolean;
  exportJurisdiction: boolean;
  limitTab: string;
}

/** 角色分页 GET /uac/v1/role/page */
export function getRolePage(query: { current: number; size: number; name?: string }): Promise<Page<RoleVO>> {
  return api.get<Page<RoleVO>>('/uac/v1/role/page', { ...query });
}

/** 新增角色 POST /uac/v1/role/add */
export function addRole(body: { name: string; code: string; dataScope: string; remark?: string }): Promise<RoleVO> {
  return api.post<RoleVO>('/uac/v1/role/add', body);
}

/** 修改角色 PUT /uac/v1/role/update */
export function updateRole(body: { id: number; name: string; code: string; dataScope: string; remark?: string }): Promise<RoleVO> {
  return api.put<RoleVO>('/uac/v1/role/update', body);
}

/** 删除角色 DELETE /uac/v1/role/delete/{id} */
export function deleteRole(id: number): Promise<null> {
  return api.delete<null>(`/uac/v1/role/delete/${id}`);
}

/** 设置用户角色 POST /uac/v1/role/setUserRoles */
export function setUserRoles(body: { userId: number; roleIds: number[] }): Promise<unknown> {
  return api.post('/uac/v1/role/setUserRoles', body);
}

/** 角色授权树 GET /uac/v1/auth/queryResourceAndAuth */
export function queryResourceAndAuth(roleId: number): Promise<AuthNode[]> {
  return api.get<AuthNode[]>('/uac/v1/auth/queryResourceAndAuth', { roleId });
}

/** 保存角色授权 POST /uac/v1/auth/save */
export function saveAuth(body: { roleId: number; authorities: AuthorityInput[] }): Promise<{ roleId: number; count: number }> {
  return api.post<{ roleId: number; count: number }>('/uac/v1/auth/save', body);
}

// ── 资源管理 ──
export interface ResourceInput {
  name: string;
  type: 'menu' | 'button' | 'module' | 'function';
  path?: string | null;
  routeName?: string | null;
  component?: string | null;
  icon?: string | null;
  permCode?: string | null;
  sort?: number;
}

/** 资源树 GET /uac/v1/resource/tree */
export const getResourceTree = (side: 1 | 2) => api.get<ResourceNode[]>('/uac/v1/resource/tree', { side });
/** 新增资源 POST /uac/v1/resource/add */
export const addResource = (body: ResourceInput & { parentId: number | null; side: 1 | 2 }) => api.post<{ id: number }>('/uac/v1/resource/add', body);
/** 修改资源 PUT /uac/v1/resource/update */
export const updateResource = (body: ResourceInput & { id: number }) => api.put<null>('/uac/v1/resource/update', body);
/** 删除资源 DELETE /uac/v1/resource/delete/{id} */
export const deleteResource = (id: number) => api.delete<null>(`/uac/v1/resource/delete/${id}`);
