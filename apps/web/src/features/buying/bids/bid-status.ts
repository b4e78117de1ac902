import { BID_STATE_TEXT, MY_BID_STATE_TEXT } from '@kc/contracts/buying/bids';
import { statusTable } from '../../../components/status-tag.tsx';

/** Tag colours of project and own-bid states (the labels come from the contracts). */
export const BID_TAGS = statusTable(BID_STATE_TEXT, { bidding: 'processing', opened: 'gold', failed: 'warning', awarded: 'success', closed: 'default' });
export const MY_BID_TAGS = statusTable(MY_BID_STATE_TEXT, { submitted: 'processing', void: 'warning', won: 'success', lost: 'default', invalid: 'error' });

export const BID_TABS = [
  { key: 'all', label: '全部' },
  { key: 'bidding', label: '投标中' },
  { key: 'opened', label: '待定标' },
  { key: 'failed', label: '流标' },
  { key: 'awarded', label: '已定标' },
  { key: 'closed', label: '已关闭' },
] as const;

export const SUPPLIER_BID_TABS = [
  { key: 'open', label: '可投标' },
  { key: 'mine', label: '我的投标' },
] as const;

const fen = (yuan: number) => Math.round(yuan * 100);

export { fen };
