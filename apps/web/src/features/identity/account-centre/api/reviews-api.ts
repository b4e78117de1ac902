import type { ChangeKind, ChangeRequestVO } from '@kc/contracts/identity/account-centre';
import type { Page } from '@kc/contracts/platform/common';
import type { ListRequest } from '../../../../components/list-page/index.ts';
import { api } from '../../../../lib/api-client.ts';

export type { ChangeKind, ChangeRequestVO };

// ── 用户信息审核、用户名审核 ──
const REVIEW_BASE: Record<ChangeKind, string> = { userInfo: '/uac/v1/userInfoReview', userName: '/uac/v1/userNameReview' };
export const getReviews = (kind: ChangeKind) => (q: ListRequest) => api.get<Page<ChangeRequestVO>>(`${REVIEW_BASE[kind]}/query`, q);
export const review = (kind: ChangeKind, b: { id: number; pass: boolean; reason: string }) => api.post<null>(`${REVIEW_BASE[kind]}/review`, b);
export const batchReview = (kind: ChangeKind, b: { ids: number[]; pass: boolean; reason: string }) =>
  api.post<{ done: number; skipped: { id: number; reason: string }[] }>(`${REVIEW_BASE[kind]}/batchReview`, b);
export const adminModifyUserName = (b: { userId: number; newUserName: string; reason: string }) => api.post<null>('/uac/v1/userNameReview/adminModify', b);
