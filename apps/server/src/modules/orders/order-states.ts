import { ORDER_STATUS_TEXT, SUB_STATUS_TEXT } from '@kc/contracts/order-status';

/**
 * Order and sub-order states as transition tables (pure; tested beside this file).
 * docs/ORDER-STATES.md describes the same tables for people.
 *
 * An order climbs its approval chain (team leader, then institute) at the order level; once
 * approved, each supplier's sub-order is fulfilled on its own: confirm, deliver (partial
 * deliveries allowed), the buyer confirms arrival, the checker accepts, and it completes.
 */
export const ORDER_STATUS = ORDER_STATUS_TEXT;
export type OrderStatus = keyof typeof ORDER_STATUS;

export const SUB_STATUS = SUB_STATUS_TEXT;
export type SubStatus = keyof typeof SUB_STATUS;

/** Who acts: the buyer (or the assistant who placed the order), an approver, the supplier, the checker, the platform admin, or the system. */
export type Actor = 'buyer' | 'team' | 'institute' | 'supplier' | 'checker' | 'admin' | 'system';

export type OrderAction = 'pass' | 'refuse' | 'cancel' | 'stop' | 'complete';
export type SubAction =
  | 'release'
  | 'confirm'
  | 'refuse'
  | 'deliver'
  | 'arrived'
  | 'accept'
  | 'reject'
  | 'refund'
  | 'refundConfirm'
  | 'complete'
  | 'cancel'
  | 'stop';

interface Rule<S, A> {
  from: S[];
  action: A;
  actor: Actor[];
}

/** Order-level transitions. `pass` moves along the chain; its target is decided by nextStep(). */
export const ORDER_RULES: Rule<OrderStatus, OrderAction>[] = [
  { from: ['pending_team'], action: 'pass', actor: ['team'] },
  { from: ['pending_institute'], action: 'pass', actor: ['institute'] },
  { from: ['pending_team'], action: 'refuse', actor: ['team'] },
  { from: ['pending_institute'], action: 'refuse', actor: ['institute'] },
  { from: ['pending_team', 'pending_institute'], action: 'cancel', actor: ['buyer'] },
  { from: ['pending_team', 'pending_institute', 'approved'], action: 'stop', actor: ['admin'] },
  { from: ['approved'], action: 'complete', actor: ['system'] },
];

export const ORDER_TARGET: Record<Exclude<OrderAction, 'pass'>, OrderStatus> = {
  refuse: 'refused',
  cancel: 'cancelled',
  stop: 'stopped',
  complete: 'completed',
};

/** Sub-order transitions and their targets (deliver's target depends on what is left to deliver). */
export const SUB_RULES: (Rule<SubStatus, SubAction> & { to: SubStatus | 'by-delivery' | 'by-checker' })[] = [
  { from: ['waiting'], action: 'release', actor: ['system'], to: 'to_confirm' },
  { from: ['to_confirm'], action: 'confirm', actor: ['supplier'], to: 'to_deliver' },
  { from: ['to_confirm'], action: 'refuse', actor: ['supplier'], to: 'supplier_refused' },
  { from: ['to_deliver', 'partially_delivered'], action: 'deliver', actor: ['supplier'], to: 'by-delivery' },
  { from: ['delivered'], action: 'arrived', actor: ['buyer'], to: 'by-checker' },
  { from: ['arrived'], action: 'accept', actor: ['checker'], to: 'completed' },
  { from: ['arrived'], action: 'reject', actor: ['checker'], to: 'rejected' },
  { from: ['delivered', 'arrived', 'rejected'], action: 'refund', actor: ['buyer'], to: 'refund_requested' },
  { from: ['refund_requested'], action: 'refundConfirm', actor: ['supplier'], to: 'refunded' },
  { from: ['waiting', 'to_confirm'], action: 'cancel', actor: ['system'], to: 'cancelled' },
  {
    from: ['waiting', 'to_confirm', 'to_deliver', 'partially_delivered', 'delivered', 'arrived', 'rejected', 'refund_requested'],
    action: 'stop',
    actor: ['admin', 'system'],
    to: 'stopped',
  },
];

/** Final sub-order states: nothing moves them any more. */
export const SUB_FINAL: SubStatus[] = ['supplier_refused', 'refunded', 'completed', 'cancelled', 'stopped'];

export function canOrder(from: OrderStatus, action: OrderAction, actor: Actor): boolean {
  return ORDER_RULES.some((r) => r.action === action && r.from.includes(from) && r.actor.includes(actor));
}

export function subRule(from: SubStatus, action: SubAction, actor: Actor) {
  return SUB_RULES.find((r) => r.action === action && r.from.includes(from) && r.actor.includes(actor)) ?? null;
}

/** The states a sub-order may be in for an action (for conditional updates: WHERE status IN …). */
export function subFromStates(action: SubAction, actor: Actor): SubStatus[] {
  return SUB_RULES.filter((r) => r.action === action && r.actor.includes(actor)).flatMap((r) => r.from);
}

export type ApprovalStep = 'team' | 'institute';
export const STEP_STATUS: Record<ApprovalStep, OrderStatus> = { team: 'pending_team', institute: 'pending_institute' };

/** After passing `current`, the next pending status, or 'approved' at the end of the chain. */
export function nextStep(steps: ApprovalStep[], current: ApprovalStep): OrderStatus {
  const i = steps.indexOf(current);
  const next = steps[i + 1];
  return next ? STEP_STATUS[next] : 'approved';
}

export interface FlowConfig {
  team_enabled: number;
  /** fen; the step applies at or above this amount (0: always) */
  team_threshold: number;
  institute_enabled: number;
  institute_threshold: number;
  checker_enabled: number;
  hazard_requires_institute: number;
}

/** Default for an institute that configured nothing: team leader always, institute from ¥5,000, hazards always to the institute, checker acceptance on. */
export const DEFAULT_FLOW: FlowConfig = {
  team_enabled: 1,
  team_threshold: 0,
  institute_enabled: 1,
  institute_threshold: 500_000,
  checker_enabled: 1,
  hazard_requires_institute: 1,
};

/** The approval chain an order takes, from its amount, hazard flag and whether it has a team. */
export function approvalChain(flow: FlowConfig, o: { total: number; hasHazard: boolean; hasTeam: boolean }): ApprovalStep[] {
  const steps: ApprovalStep[] = [];
  if (flow.team_enabled && o.hasTeam && o.total >= flow.team_threshold) steps.push('team');
  if ((flow.institute_enabled && o.total >= flow.institute_threshold) || (o.hasHazard && flow.hazard_requires_institute)) steps.push('institute');
  return steps;
}

/** After a delivery: everything delivered → delivered, else partially delivered. */
export const afterDelivery = (allDelivered: boolean): SubStatus => (allDelivered ? 'delivered' : 'partially_delivered');
/** After the buyer confirms arrival: to the checker when acceptance is on, else completed. */
export const afterArrival = (checkerEnabled: boolean): SubStatus => (checkerEnabled ? 'arrived' : 'completed');
