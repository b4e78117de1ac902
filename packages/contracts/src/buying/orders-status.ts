/**
 * Order and sub-order states with their Chinese labels: one table for the server's transition
 * rules (apps/server/src/modules/orders/order-states.ts) and the web's tags and tabs.
 */
export const ORDER_STATUS_TEXT = {
  pending_card: '待经费卡负责人审批',
  pending_team: '待课题组长审批',
  pending_institute: '待研究所审批',
  approved: '审批通过',
  refused: '审批驳回',
  cancelled: '已取消',
  completed: '已完成',
  stopped: '已终止',
} as const;
export type OrderStatus = keyof typeof ORDER_STATUS_TEXT;

export const SUB_STATUS_TEXT = {
  waiting: '审批中',
  to_confirm: '待供应商确认',
  supplier_refused: '供应商拒单',
  to_deliver: '待发货',
  partially_delivered: '部分发货',
  delivered: '已发货',
  arrived: '已到货待验收',
  rejected: '验收不通过',
  refund_requested: '退款申请中',
  refunded: '已退款',
  completed: '已完成',
  cancelled: '已取消',
  stopped: '已终止',
} as const;
export type SubStatus = keyof typeof SUB_STATUS_TEXT;

/** The approval steps of an order's chain, as the detail names them. */
export const APPROVAL_STEP_TEXT = {
  card: '经费卡负责人审批',
  team: '课题组长审批',
  institute: '研究所审批',
} as const;
export type ApprovalStep = keyof typeof APPROVAL_STEP_TEXT;

/** Who acted in an order-log row. */
export const ACTOR_TEXT = {
  buyer: '采购人',
  card: '经费卡负责人',
  team: '课题组长',
  institute: '研究所',
  supplier: '供应商',
  checker: '验收人',
  admin: '平台管理员',
  system: '系统',
} as const;
export type Actor = keyof typeof ACTOR_TEXT;

/** What an order-log row did: the order log on the web and the printed order read the same labels. */
export const ACTION_TEXT = {
  submit: '提交订单',
  pass: '审批通过',
  refuse: '审批驳回',
  cancel: '取消订单',
  stop: '终止订单',
  complete: '订单完成',
  release: '推送供应商',
  confirm: '供应商确认接单',
  deliver: '供应商发货',
  arrived: '确认到货',
  accept: '验收通过',
  reject: '验收不通过',
  refund: '申请退款',
  refundConfirm: '同意退款',
  /** the platform imported a historical order (orderExport/admin/import) */
  import: '历史订单导入',
} as const;
export type LogAction = keyof typeof ACTION_TEXT;

/** Where one action key means different things by who did it: a supplier's 'refuse' is refusing the order, not an approval. */
const ACTION_BY_ACTOR_TEXT: Record<string, string> = { 'supplier:refuse': '供应商拒单' };

/** Labels of keys as the server stores them (pass the log row's actor: some actions read differently by actor); an unknown key reads as itself. */
export const actionText = (a: string, actor?: string): string => (actor && ACTION_BY_ACTOR_TEXT[`${actor}:${a}`]) || (ACTION_TEXT[a as LogAction] ?? a);
export const actorText = (a: string): string => ACTOR_TEXT[a as Actor] ?? a;

/** Orders that end without costing anything: refused in approval, cancelled, or stopped by the platform. */
const ENDED_FREE: ReadonlySet<string> = new Set<OrderStatus>(['refused', 'cancelled', 'stopped']);
/** Sub-orders whose money does not flow: refused by the supplier, refunded, cancelled or stopped. */
const SUB_ENDED_FREE: ReadonlySet<string> = new Set<SubStatus>(['supplier_refused', 'refunded', 'cancelled', 'stopped']);

/**
 * Whether an order still costs money (page totals, spend): not refused, cancelled or stopped, and
 * at least one sub-order that was not refused by its supplier, refunded, cancelled or stopped.
 */
export function orderCostsMoney(o: { status: string; subOrders: readonly { status: string }[] }): boolean {
  if (ENDED_FREE.has(o.status)) return false;
  return o.subOrders.length === 0 || o.subOrders.some((s) => !SUB_ENDED_FREE.has(s.status));
}

/** How far a sub-order has come, for the one status an order shows. */
const SUB_PROGRESS: readonly SubStatus[] = ['to_confirm', 'to_deliver', 'partially_delivered', 'delivered', 'arrived', 'completed'];

/**
 * The one status a person reads for an order (lists, the detail's header), derived from the order's
 * status and its sub-orders', so the two never contradict each other on a screen: under approval
 * and every closed state as the order says; once approved, where its sub-orders stand — the least
 * advanced one, 部分发货 when some have shipped and some not, a refund request or a failed
 * acceptance first (they need somebody), and how it ended when no sub-order is left.
 * The details stay in the sub-order rows and the order's timeline.
 */
export function orderDisplayStatus(o: { status: string; subOrders: readonly { status: string }[] }): { key: string; text: string } {
  const own = { key: o.status, text: ORDER_STATUS_TEXT[o.status as OrderStatus] ?? o.status };
  if (o.status !== 'approved' || o.subOrders.length === 0) return own;
  const sub = (key: SubStatus) => ({ key, text: SUB_STATUS_TEXT[key] });
  const live = o.subOrders.filter((s) => !SUB_ENDED_FREE.has(s.status));
  if (live.length === 0) {
    const ended = (['refunded', 'supplier_refused', 'stopped', 'cancelled'] as const).find((k) => o.subOrders.some((s) => s.status === k));
    return sub(ended ?? 'cancelled');
  }
  for (const k of ['refund_requested', 'rejected'] as const) if (live.some((s) => s.status === k)) return sub(k);
  const ranks = live.map((s) => SUB_PROGRESS.indexOf(s.status as SubStatus)).filter((i) => i >= 0);
  if (ranks.length === 0) return own;
  const least = Math.min(...ranks);
  const most = Math.max(...ranks);
  if (least <= SUB_PROGRESS.indexOf('to_deliver') && most >= SUB_PROGRESS.indexOf('delivered')) return sub('partially_delivered');
  return sub(SUB_PROGRESS[least]);
}
