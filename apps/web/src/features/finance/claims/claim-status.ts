import { CLAIM_STATUS_TEXT, MERGE_STATUS_TEXT } from '@kc/contracts/finance/claims';
import { MATCH_STATE_TEXT } from '@kc/contracts/finance/invoices-match';
import { statusTable } from '../../../components/status-tag.tsx';

/** Tag colours of claim, merged-claim and match states (the labels come from the contracts). */
export const CLAIM_STATUS_TAGS = statusTable(CLAIM_STATUS_TEXT, {
  draft: 'default',
  submitted: 'processing',
  team_approved: 'processing',
  institute_approved: 'gold',
  finance_review: 'cyan',
  completed: 'success',
  cancelled: 'default',
});
export const MERGE_STATUS_TAGS = statusTable(MERGE_STATUS_TEXT, { review: 'processing', completed: 'success', returned: 'warning', cancelled: 'default' });
export const MATCH_TAGS = statusTable(MATCH_STATE_TEXT, { none: 'default', partial: 'warning', matched: 'success', exception: 'error' });

/** The tabs of 我的报销 (status filters). */
export const MY_TABS = [
  { key: 'all', label: '全部' },
  { key: 'draft', label: '待提交/已退回' },
  { key: 'submitted', label: '审批中' },
  { key: 'institute_approved', label: '待财务审核' },
  { key: 'finance_review', label: '财务审核中' },
  { key: 'completed', label: '已完成' },
  { key: 'cancelled', label: '已撤销' },
] as const;
