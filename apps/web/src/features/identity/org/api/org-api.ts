import type { AdminUserDetail, AdminUserVO, DeptNode } from '@kc/contracts/identity/org';
import type { AuditVO as AuditSchema, AuthNode, OutboxVO as OutboxSchema, RoleVO } from '@kc/contracts/identity/rbac';
import type { Page } from '@kc/contracts/platform/common';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { fetchFile, saveFile } from '../../../lib/file-download.ts';

export type { AdminUserDetail, AdminUserVO, AuthNode, DeptNode, RoleVO };
export type OutboxVO = z.infer<typeof OutboxSchema>;
export type AuditVO = z.infer<typeof AuditSchema>;
export interface DelTip {
  children: number;
  members: number;
  teams: number;
}
export interface AuthorityInput {
  resourceId: number;
  addJurisdiction: boolean;
  modifyJurisdiction: boolean;
  deleteJurisdiction: boolean;
  exportJurisdiction: boolean;
  limitTab: string;
}

/** 部门树 GET /uac/v1/dept/tree（平台管理员可指定研究所；不指定为平台自身的部门） */
export function getDeptTree(instituteId?: number): Promise<DeptNode[]> {
  return api.get<DeptNode[]>('/uac/v1/dept/tree', { instituteId });
}

/** 可管理的研究所 GET /uac/v1/dept/institutes */
export function getManagedInstitutes(): Promise<{ id: number; name: string }[]> {
  return api.get<{ id: number; name: string }[]>('/uac/v1/dept/institutes');
}

/** 新增部门 POST /uac/v1/dept/add */
export function addDept(body: { parentId: number; deptName: string; sort?: number }): Promise<unknown> {
  return api.post('/uac/v1/dept/add', body);
}

/** 修改部门 PUT /uac/v1/dept/update */
export function updateDept(body: { id: number; deptName: string; sort?: number }): Promise<unknown> {
  return api.put('/uac/v1/dept/update', body);
}

/** 删除前检查（10048 时返回提示，由页面自行确认） GET /uac/v1/dept/delTip/{id} */
export function deptDelTip(id: number): Promise<DelTip> {
  return api.get<DelTip>(`/uac/v1/dept/delTip/${id}`);
}

/** 删除部门 DELETE /uac/v1/dept/delete/{id} */
export function deleteDept(id: number): Promise<null> {
  return api.delete<null>(`/uac/v1/dept/delete/${id}`);
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

/** 用户分页 GET /uac/v1/caas-user/page */
export function getUserPage(query: {
  current: number;
  size: number;
  userName?: string;
  realName?: string;
  phoneNum?: string;
  deptId?: number;
}): Promise<Page<AdminUserVO>> {
  return api.get<Page<AdminUserVO>>('/uac/v1/caas-user/page', { ...query });
}

/** 用户详情 GET /uac/v1/caas-user/getUserDetail/{id} */
export function getUserDetail(id: number): Promise<AdminUserDetail> {
  return api.get<AdminUserDetail>(`/uac/v1/caas-user/getUserDetail/${id}`);
}

/** 新增用户 POST /uac/v1/caas-user/add */
export function addUser(body: {
  userName: string;
  realName: string;
  phoneNum: string;
  email?: string;
  deptIds: number[];
  roleIds: number[];
  password: string;
}): Promise<unknown> {
  return api.post('/uac/v1/caas-user/add', body);
}

/** 删除用户 DELETE /uac/v1/caas-user/delete/{id} */
export function deleteUser(id: number): Promise<null> {
  return api.delete<null>(`/uac/v1/caas-user/delete/${id}`);
}

/** 短信与邮件发件箱 GET /uac/v1/outbox/page */
export function getOutboxPage(query: { current: number; size: number; channel?: string; recipient?: string }): Promise<Page<OutboxVO>> {
  return api.get<Page<OutboxVO>>('/uac/v1/outbox/page', { ...query });
}

/** The audit log's filters as the server takes them (module: an action's first segment; days inclusive). */
export type AuditFilter = { action?: string; userId?: number; userName?: string; module?: string; dateFrom?: string; dateTo?: string };

/** 操作日志 GET /uac/v1/audit/page */
export function getAuditPage(query: { current: number; size: number } & AuditFilter): Promise<Page<AuditVO>> {
  return api.get<Page<AuditVO>>('/uac/v1/audit/page', { ...query });
}

/** 导出操作日志（Excel，最多 10000 条） GET /uac/v1/audit/export */
export async function exportAudit(filter: AuditFilter): Promise<void> {
  saveFile(await fetchFile('/uac/v1/audit/export', { ...filter }, '操作日志.xlsx'));
}
