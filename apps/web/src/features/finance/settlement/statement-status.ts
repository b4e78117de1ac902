import { PAY_STATUS_TEXT, STATEMENT_STATUS_TEXT } from '@kc/contracts/finance/settlement';
import { statusTable } from '../../../components/status-tag.tsx';

/** Tag colours of statement and pay states (the labels come from the contracts). */
export const STATEMENT_TAGS = statusTable(STATEMENT_STATUS_TEXT, {
  draft: 'default',
  sent: 'processing',
  supplier_confirmed: 'cyan',
  disputed: 'error',
  finance_approved: 'gold',
  partially_paid: 'warning',
  paid: 'success',
  closed: 'default',
  cancelled: 'default',
});
export const PAY_TAGS = statusTable(PAY_STATUS_TEXT, { unpaid: 'default', in_payment: 'processing', partially_paid: 'warning', paid: 'success' });

export const STATEMENT_TABS = [
  { key: 'all', label: '全部' },
  { key: 'draft', label: '草稿' },
  { key: 'sent', label: '待供应商确认' },
  { key: 'disputed', label: '有异议' },
  { key: 'supplier_confirmed', label: '待审核' },
  { key: 'finance_approved', label: '待付款' },
  { key: 'partially_paid', label: '部分付款' },
  { key: 'paid', label: '已付款' },
  { key: 'closed', label: '已关闭' },
] as const;

/** YYYY-MM of the month before this one (the month usually settled). */
export const lastMonth = () => {
  const d = new Date();
  d.setDate(1);
  d.setMonth(d.getMonth() - 1);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
};
