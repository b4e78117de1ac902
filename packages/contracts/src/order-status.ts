/**
 * Order and sub-order states with their Chinese labels: one table for the server's transition
 * rules (apps/server/src/modules/orders/order-states.ts) and the web's tags and tabs.
 */
export const ORDER_STATUS_TEXT = {
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
