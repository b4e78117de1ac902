import { SUB_STATUS_TEXT, type SubStatus } from '@kc/contracts/buying/orders-status';
import type { SubOrderMatch } from '@kc/contracts/finance/invoices-match';

/**
 * Whether a sub-order may go into a claim (pure; docs/domains/finance.md#claim-eligibility), and if not, why, in the words
 * 我的报销 shows: accepted (completed), every rate bucket invoiced exactly (an exception finance
 * accepted with a reason counts as matched), not in another live claim, of the caller's current
 * institute.
 */
export interface EligibilityInput {
  status: string;
  instituteId: number | null;
  /** the live claim holding it, other than the one being submitted */
  heldBy: string | null;
  match: SubOrderMatch | undefined;
}

export function whyNotClaimable(s: EligibilityInput, callerInstitute: number | null, frozen: string | null = null): string | null {
  if (s.heldBy) return `已在报销单 ${s.heldBy} 中`;
  if (s.status !== 'completed') return `尚未验收完成（${SUB_STATUS_TEXT[s.status as SubStatus] ?? s.status}）`;
  if (callerInstitute === null || s.instituteId !== callerInstitute) return '属于其他研究所的订单，请切换到该单位后报销';
  if (frozen) return frozen;
  const m = s.match;
  if (!m || m.state === 'none') return '供应商尚未开票';
  if (m.state === 'partial') return `发票未开齐：${m.problems.join('；') || '尚有金额未开票'}`;
  if (m.state === 'exception') return `发票异常，待财务确认：${m.problems.join('；')}`;
  return null;
}

/**
 * The institute's settlement freeze (docs/domains/finance.md#settlement-freeze; e.g. 12-17 to 12-31 while the books close):
 * on those calendar days (Shanghai) no claim is submitted. A window may wrap the new year (12-20 to
 * 01-05). Null when `today` (YYYY-MM-DD) is outside it or no window is set.
 */
export function freezeReason(today: string, from: string | null, to: string | null): string | null {
  if (!from || !to) return null;
  const md = today.slice(5, 10);
  const inside = from <= to ? md >= from && md <= to : md >= from || md <= to;
  return inside ? `本单位结账期间（${from} 至 ${to}）暂停报销，请在结账期后提交` : null;
}
