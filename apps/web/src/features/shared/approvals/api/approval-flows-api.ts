import type { ApprovalFlow, InstituteFlowVO } from '@kc/contracts/buying/orders';
import type { Page } from '@kc/contracts/platform/common';
import { api } from '../../../../lib/api-client.ts';

/** 审批流程: each institute's approval flow. */
export type { ApprovalFlow, InstituteFlowVO };

/** 各研究所的审批流程 GET /mall/v1/approval/flow/page */
export const getApprovalFlowPage = (q: { current: number; size: number; name?: string }) =>
  api.get<Page<InstituteFlowVO>>('/mall/v1/approval/flow/page', { ...q });
/** 研究所审批流程 GET /mall/v1/approval/flow */
export const getApprovalFlow = (instituteId: number) => api.get<ApprovalFlow>('/mall/v1/approval/flow', { instituteId });
/** 保存研究所审批流程 PUT /mall/v1/approval/flow */
export const saveApprovalFlow = (body: ApprovalFlow & { instituteId: number }) => api.put<null>('/mall/v1/approval/flow', body);
