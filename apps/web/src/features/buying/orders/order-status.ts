/**
 * Order and sub-order states as the server names them (apps/server/src/modules/buying/orders/order-states.ts),
 * with the Chinese labels, tag colours and the tabs of each list. Only actions are visible to users
 * (docs/domains/buying.md#order-actions); these tables decide which action buttons a row shows.
 */
import { ORDER_STATUS_TEXT, type OrderStatus, SUB_STATUS_TEXT, type SubStatus } from '@kc/contracts/buying/orders-status';
import { statusTable } from '../../../components/status-table.ts';

/** Log labels, shared with the printed order. */
export { actionText, actorText } from '@kc/contracts/buying/orders-status';
export { ORDER_STATUS_TEXT, type OrderStatus, SUB_STATUS_TEXT, type SubStatus };

const ORDER_COLOR: Record<OrderStatus, string> = {
  pending_card: 'purple',
  pending_team: 'gold',
  pending_institute: 'orange',
  approved: 'blue',
  refused: 'red',
  cancelled: 'default',
  completed: 'green',
  stopped: 'magenta',
};

const SUB_COLOR: Record<SubStatus, string> = {
  waiting: 'default',
  to_confirm: 'gold',
  supplier_refused: 'red',
  to_deliver: 'orange',
  partially_delivered: 'cyan',
  delivered: 'blue',
  arrived: 'geekblue',
  rejected: 'red',
  refund_requested: 'volcano',
  refunded: 'default',
  completed: 'green',
  cancelled: 'default',
  stopped: 'magenta',
};

/** Tags of the order and sub-order states (StatusTag). */
export const ORDER_STATUS_TAGS = statusTable(ORDER_STATUS_TEXT, ORDER_COLOR);
export const SUB_STATUS_TAGS = statusTable(SUB_STATUS_TEXT, SUB_COLOR);
/** Tags of orderDisplayStatus: its keys are order states or, once approved, sub-order states. */
export const DISPLAY_STATUS_TAGS = statusTable({ ...SUB_STATUS_TEXT, ...ORDER_STATUS_TEXT }, { ...SUB_COLOR, ...ORDER_COLOR });

export const orderStatusText = (s: string) => ORDER_STATUS_TEXT[s as OrderStatus] ?? s;
export const subStatusText = (s: string) => SUB_STATUS_TEXT[s as SubStatus] ?? s;

/** Orders still climbing their approval chain (the server's UNDER_APPROVAL). */
const UNDER_APPROVAL: OrderStatus[] = ['pending_card', 'pending_team', 'pending_institute'];

/** A tab of a list: its key, label and the statuses it shows (empty: every status). */
export interface StatusTab {
  key: string;
  label: string;
  statuses: string[];
}

/** Buyer-side tabs by order state (我的订单, 本所订单, 全部订单). */
export const ORDER_TABS: StatusTab[] = [
  { key: 'all', label: '全部', statuses: [] },
  { key: 'approving', label: '审批中', statuses: UNDER_APPROVAL },
  { key: 'fulfilling', label: '履约中', statuses: ['approved'] },
  { key: 'completed', label: '已完成', statuses: ['completed'] },
  { key: 'refused', label: '已驳回', statuses: ['refused'] },
  { key: 'closed', label: '已取消/终止', statuses: ['cancelled', 'stopped'] },
];

/** Supplier tabs by sub-order state (订单管理). */
export const SUPPLIER_TABS: StatusTab[] = [
  { key: 'to_confirm', label: '待确认', statuses: ['to_confirm'] },
  { key: 'to_deliver', label: '待发货', statuses: ['to_deliver'] },
  { key: 'partially_delivered', label: '部分发货', statuses: ['partially_delivered'] },
  { key: 'delivered', label: '已发货', statuses: ['delivered', 'arrived'] },
  { key: 'completed', label: '已完成', statuses: ['completed'] },
  { key: 'refund', label: '退款', statuses: ['refund_requested', 'refunded'] },
  { key: 'all', label: '全部', statuses: [] },
];

/**
 * The statuses a list asks for: the tab's statuses narrowed by the search form's choice. A choice
 * outside the tab matches nothing, which the server is asked as an impossible status.
 */
export function effectiveStatuses(tab: string[], chosen: string[] | undefined): string[] {
  if (!chosen?.length) return tab;
  if (!tab.length) return chosen;
  const both = chosen.filter((s) => tab.includes(s));
  return both.length ? both : ['none'];
}

/** Order-level moves and who may make them (the server checks again; these only choose buttons). */
export const canCancel = (status: string) => UNDER_APPROVAL.includes(status as OrderStatus);
export const canStop = (status: string) => canCancel(status) || status === 'approved';
export const canArrive = (subStatus: string) => subStatus === 'delivered';
export const canRefund = (subStatus: string) => subStatus === 'delivered' || subStatus === 'arrived' || subStatus === 'rejected';
export const canAccept = (subStatus: string) => subStatus === 'arrived';
export const canSupplierConfirm = (subStatus: string) => subStatus === 'to_confirm';
export const canDeliver = (subStatus: string) => subStatus === 'to_deliver' || subStatus === 'partially_delivered';
export const canRefundConfirm = (subStatus: string) => subStatus === 'refund_requested';

/** A log row's target status in Chinese (order-level rows carry order states, sub-order rows sub-order states). */
export const logStatusText = (status: string | null, subLevel: boolean) => (status === null ? '' : subLevel ? subStatusText(status) : orderStatusText(status));
