import type { ApprovalFlow, ExpressChannel, InstituteFlowVO } from '@kc/contracts/buying/orders';
import type { InstituteLimitVO, LimitVO } from '@kc/contracts/identity/org';
import type { ResourceNode } from '@kc/contracts/identity/rbac';
import type { Page } from '@kc/contracts/platform/common';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

/** The platform settings pages' calls: resources, count limits, express channels, approval flows, buy tips. */
export type { ApprovalFlow, ExpressChannel, InstituteFlowVO, InstituteLimitVO, ResourceNode };
export type LimitValue = z.infer<typeof LimitVO>;

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

// ── 数量限制 ──
/** 各研究所的数量上限 GET /uac/v1/limit/page */
export const getLimitPage = (q: { current: number; size: number; name?: string }) => api.get<Page<InstituteLimitVO>>('/uac/v1/limit/page', { ...q });
/** 平台默认上限 GET /uac/v1/limit/defaults */
export const getLimitDefaults = () => api.get<{ deptCount: number; instituteUserCount: number }>('/uac/v1/limit/defaults');
/** 设置部门数量上限（不指定研究所为平台默认值） PUT /uac/v1/dept/deptCountLimit */
export const setDeptLimit = (body: { instituteId?: number; limit: number }) => api.put<LimitValue>('/uac/v1/dept/deptCountLimit', body);
/** 设置用户数量上限（不指定研究所为平台默认值） PUT /uac/v1/caas-user/instituteUserCountLimit */
export const setUserLimit = (body: { instituteId?: number; limit: number }) => api.put<LimitValue>('/uac/v1/caas-user/instituteUserCountLimit', body);

// ── 快递渠道 ──
export interface ExpressChannelInput {
  id?: number;
  name: string;
  code: string;
  trackingUrl: string | null;
  status: 0 | 1;
  sort: number;
}
/** 快递渠道（管理者含停用的） GET /mall/v1/expChannel/list */
export const getExpressChannels = () => api.get<ExpressChannel[]>('/mall/v1/expChannel/list');
/** 新增或修改快递渠道 POST /mall/v1/expChannel/save */
export const saveExpressChannel = (body: ExpressChannelInput) => api.post<{ id: number }>('/mall/v1/expChannel/save', body);

// ── 审批流程 ──
/** 各研究所的审批流程 GET /mall/v1/approval/flow/page */
export const getApprovalFlowPage = (q: { current: number; size: number; name?: string }) =>
  api.get<Page<InstituteFlowVO>>('/mall/v1/approval/flow/page', { ...q });
/** 研究所审批流程 GET /mall/v1/approval/flow */
export const getApprovalFlow = (instituteId: number) => api.get<ApprovalFlow>('/mall/v1/approval/flow', { instituteId });
/** 保存研究所审批流程 PUT /mall/v1/approval/flow */
export const saveApprovalFlow = (body: ApprovalFlow & { instituteId: number }) => api.put<null>('/mall/v1/approval/flow', body);

// ── 购买须知 ──
export interface BuyTip {
  id: number;
  title: string;
  content: string;
  status: number;
  sort: number;
}
export type BuyTipInput = Omit<BuyTip, 'id' | 'status'> & { status: 0 | 1 };
/** 全部购买须知 GET /mall/v1/buyTip/getAllBuyTip */
export const getBuyTips = () => api.get<BuyTip[]>('/mall/v1/buyTip/getAllBuyTip');
/** 新增购买须知 POST /mall/v1/buyTip/addBuyTip */
export const addBuyTip = (body: BuyTipInput) => api.post<{ id: number }>('/mall/v1/buyTip/addBuyTip', body);
/** 修改购买须知 PUT /mall/v1/buyTip/updateBuyTip */
export const updateBuyTip = (body: BuyTipInput & { id: number }) => api.put<null>('/mall/v1/buyTip/updateBuyTip', body);
/** 删除购买须知 DELETE /mall/v1/buyTip/deleteBuyTip/{id} */
export const deleteBuyTip = (id: number) => api.delete<null>(`/mall/v1/buyTip/deleteBuyTip/${id}`);
