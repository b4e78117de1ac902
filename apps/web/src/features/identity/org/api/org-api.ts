import type { DeptNode, InstituteLimitVO, LimitVO } from '@kc/contracts/identity/org';
import type { Page } from '@kc/contracts/platform/common';
import type { z } from 'zod';
import { api } from '../../../../lib/api-client.ts';

/** 部门管理 and 数量限制: the department tree and the count limits. */
export type { DeptNode, InstituteLimitVO };
export type LimitValue = z.infer<typeof LimitVO>;
export interface DelTip {
  children: number;
  members: number;
  teams: number;
}

// ── 部门 ──
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

// ── 数量限制 ──
/** 各研究所的数量上限 GET /uac/v1/limit/page */
export const getLimitPage = (q: { current: number; size: number; name?: string }) => api.get<Page<InstituteLimitVO>>('/uac/v1/limit/page', { ...q });
/** 平台默认上限 GET /uac/v1/limit/defaults */
export const getLimitDefaults = () => api.get<{ deptCount: number; instituteUserCount: number }>('/uac/v1/limit/defaults');
/** 设置部门数量上限（不指定研究所为平台默认值） PUT /uac/v1/dept/deptCountLimit */
export const setDeptLimit = (body: { instituteId?: number; limit: number }) => api.put<LimitValue>('/uac/v1/dept/deptCountLimit', body);
/** 设置用户数量上限（不指定研究所为平台默认值） PUT /uac/v1/caas-user/instituteUserCountLimit */
export const setUserLimit = (body: { instituteId?: number; limit: number }) => api.put<LimitValue>('/uac/v1/caas-user/instituteUserCountLimit', body);
