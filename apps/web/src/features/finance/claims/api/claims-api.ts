import type { BatchResult } from '@kc/contracts/buying/orders';
import type { AppliedClaim, ClaimableVO, ClaimDetailVO, ClaimVO, MergeDetailVO, MergeVO } from '@kc/contracts/finance/claims';
import type { Page } from '@kc/contracts/platform/common';
import type { ListRequest } from '../../../../components/list-page/index.ts';
import { api } from '../../../../lib/api-client.ts';
import { type DownloadedFile, fetchFile } from '../../../../lib/file-download.ts';

export type { AppliedClaim, ClaimableVO, ClaimDetailVO, ClaimVO, MergeDetailVO, MergeVO };
export type WaitRole = 'team' | 'institute' | 'finance';

const withStatus = (q: ListRequest) => {
  const { tab, ...rest } = q;
  return { ...rest, status: tab && tab !== 'all' ? tab : rest.status };
};

/** 可报销订单 GET /mall/v1/reimbursement/buyer/checkApplyClaim */
export function getClaimable(q: { current: number; size: number; eligible?: '1' | '0' }): Promise<Page<ClaimableVO>> {
  return api.get('/mall/v1/reimbursement/buyer/checkApplyClaim', q);
}

/** 提交报销 POST /mall/v1/reimbursement/buyer/batchApplyClaim */
export function applyClaim(body: { subOrderIds: number[]; separate: boolean; fileIds: number[]; remark?: string }): Promise<AppliedClaim[]> {
  return api.post('/mall/v1/reimbursement/buyer/batchApplyClaim', body);
}

/** 重新提交 POST /mall/v1/reimbursement/buyer/claim/submit */
export function resubmitClaim(id: number, fileIds: number[] = []): Promise<AppliedClaim> {
  return api.post('/mall/v1/reimbursement/buyer/claim/submit', { id, fileIds });
}

/** 撤销 POST /mall/v1/reimbursement/buyer/claim/cancel */
export function cancelClaim(id: number): Promise<null> {
  return api.post('/mall/v1/reimbursement/buyer/claim/cancel', { id });
}

/** 提醒审批 POST /mall/v1/reimbursement/buyer/notify */
export function notifyClaim(id: number): Promise<{ notified: number }> {
  return api.post('/mall/v1/reimbursement/buyer/notify', { id });
}

/** 我的 / 课题组 / 本所报销单 GET /mall/v1/merge-reimbursement/page/all */
export function getClaims(scope: 'mine' | 'team' | 'institute') {
  return (q: ListRequest): Promise<Page<ClaimVO>> => api.get('/mall/v1/merge-reimbursement/page/all', { ...withStatus(q), scope });
}

/** 待我处理的报销单 GET /mall/v1/merge-reimbursement/page/waitApprove */
export function getWaiting(role: WaitRole) {
  return (q: ListRequest): Promise<Page<ClaimVO>> => {
    const { tab: _tab, ...rest } = q;
    return api.get('/mall/v1/merge-reimbursement/page/waitApprove', { ...rest, role });
  };
}

/** 全部报销单（平台） GET /mall/v1/merge-reimbursement/page/allByAdmin */
export function getAllClaims(q: ListRequest): Promise<Page<ClaimVO>> {
  return api.get('/mall/v1/merge-reimbursement/page/allByAdmin', withStatus(q));
}

/** 合并报销单 GET /mall/v1/merge-reimbursement/page/merged */
export function getMerges(q: ListRequest): Promise<Page<MergeVO>> {
  return api.get('/mall/v1/merge-reimbursement/page/merged', withStatus(q));
}

/** 待处理计数 GET /mall/v1/merge-reimbursement/waitApprovePageCount */
export function getWaitCounts(): Promise<Record<WaitRole, number>> {
  return api.get('/mall/v1/merge-reimbursement/waitApprovePageCount');
}

/** 我的报销单计数 GET /mall/v1/merge-reimbursement/page/count */
export function getClaimCounts(): Promise<{ mine: Record<string, number>; mergeReview: number }> {
  return api.get('/mall/v1/merge-reimbursement/page/count');
}

export function getClaimDetail(id: number): Promise<ClaimDetailVO> {
  return api.get(`/mall/v1/merge-reimbursement/detail/${id}`);
}

export function getMergeDetail(id: number): Promise<MergeDetailVO> {
  return api.get(`/mall/v1/merge-reimbursement/detail/${id}`, { kind: 'merge' });
}

/** 审批 POST /mall/v1/reimbursement/{team,institute}/claim/{batchPass,batchRefuse} */
export function decideClaims(step: 'team' | 'institute', ids: number[], reason?: string): Promise<BatchResult[]> {
  return reason
    ? api.post(`/mall/v1/reimbursement/${step}/claim/batchRefuse`, { ids, reason })
    : api.post(`/mall/v1/reimbursement/${step}/claim/batchPass`, { ids });
}

/** 财务 */
export const finance = {
  isHaveAuth: (): Promise<{ hasAuth: boolean; instituteId: number | null; instituteName: string | null }> =>
    api.get('/mall/v1/reimbursement/finance/isHaveAuth'),
  merge: (ids: number[]): Promise<{ id: number; mergeNo: string }> => api.post('/mall/v1/reimbursement/finance/mergeClaim/batchPass', { ids }),
  complete: (id: number): Promise<null> => api.post('/mall/v1/reimbursement/finance/mergeClaim/complete', { id }),
  noComplete: (id: number, reason: string): Promise<null> => api.post('/mall/v1/reimbursement/finance/mergeClaim/noComplete', { id, reason }),
  refuse: (ids: number[], reason: string): Promise<BatchResult[]> => api.post('/mall/v1/reimbursement/finance/cancelAndRefuse', { ids, reason }),
  setting: (): Promise<{ freezeFrom: string | null; freezeTo: string | null; frozenNow: string | null }> => api.get('/mall/v1/reimbursement/finance/setting'),
  saveSetting: (
    freezeFrom: string | null,
    freezeTo: string | null,
  ): Promise<{ freezeFrom: string | null; freezeTo: string | null; frozenNow: string | null }> =>
    api.post('/mall/v1/reimbursement/finance/setting', { freezeFrom, freezeTo }),
  ewm: (id: number, kind: 'merge' | 'claim' = 'merge'): Promise<{ token: string; expiresAt: string; image: string }> =>
    api.get('/mall/v1/order-detail/finance/ewmForMerge', { id, kind }),
};

/** 报销单 PDF GET /mall/v1/merge-reimbursement/printPDF/{id} */
export function claimPdf(id: number, kind: 'claim' | 'merge' = 'claim', copy: 'buyer' | 'supplier' = 'buyer'): Promise<DownloadedFile> {
  return fetchFile(`/mall/v1/merge-reimbursement/printPDF/${id}`, { kind, copy }, `报销单-${id}.pdf`);
}
