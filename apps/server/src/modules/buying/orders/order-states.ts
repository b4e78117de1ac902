import { type Actor, ORDER_STATUS_TEXT, SUB_STATUS_TEXT } from '@kc/contracts/buying/orders-status';
import type { TransitionTable } from '../../../platform/transitions.ts';
import { type ApprovalStep, nextStepOf } from '../../shared/approvals/index.ts';

/**
 * Order and sub-order states as transitions tables (pure; tested beside this file).
 * docs/ORDER-STATES.md describes the same tables for people.
 *
 * An order climbs its approval chain (the grant card's PI when it charges someone else's card,
 * team leader, then institute) at the order level; once
 * approved, each supplier's sub-order is fulfilled on its own: confirm, deliver (partial
 * deliveries allowed), the buyer confirms arrival, the checker accepts, and it completes.
 * Services name the action; the table alone decides the state it leads to (approvals' transition()).
 */
export const ORDER_STATUS = ORDER_STATUS_TEXT;
export type OrderStatus = keyof typeof ORDER_STATUS;

export const SUB_STATUS = SUB_STATUS_TEXT;
export type SubStatus = keyof typeof SUB_STATUS;

/** Who acts (contracts' ACTOR_TEXT): the buyer (or the assistant who placed the order), an approver, the supplier, the checker, the platform admin, or the system. */
export type { Actor };

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

export const STEP_STATUS: Record<ApprovalStep, OrderStatus> = { card: 'pending_card', team: 'pending_team', institute: 'pending_institute' };

/** Orders still climbing their chain: the buyer may cancel them, the admin stop them. */
export const UNDER_APPROVAL: OrderStatus[] = ['pending_card', 'pending_team', 'pending_institute'];

/** The status an order starts in: its first approval step, or approved when the chain is empty. */
export const firstStatus = (steps: ApprovalStep[]): OrderStatus => (steps.length ? STEP_STATUS[steps[0]] : 'approved');
/** Sub-orders wait while their order is under approval, and go to the supplier once it is approved. */
export const firstSubStatus = (steps: ApprovalStep[]): SubStatus => (steps.length ? 'waiting' : 'to_confirm');

/** After passing `step`: the next step's pending status, or approved at the end of the chain. */
const afterPass =
  (step: ApprovalStep) =>
  (c: OrderContext): OrderStatus => {
    const next = nextStepOf(c.steps, step);
    return next ? STEP_STATUS[next] : 'approved';
  };

/** What the order-level targets depend on: the chain fixed when the order was placed. */
export interface OrderContext {
  steps: ApprovalStep[];
}

export const ORDER_TRANSITIONS: TransitionTable<OrderStatus, OrderAction, Actor, OrderContext> = [
  { from: ['pending_card'], action: 'pass', actor: ['card'], to: afterPass('card') },
  { from: ['pending_card'], action: 'refuse', actor: ['card'], to: 'refused' },
  { from: ['pending_team'], action: 'pass', actor: ['team'], to: afterPass('team') },
  { from: ['pending_institute'], action: 'pass', actor: ['institute'], to: afterPass('institute') },
  { from: ['pending_team'], action: 'refuse', actor: ['team'], to: 'refused' },
  { from: ['pending_institute'], action: 'refuse', actor: ['institute'], to: 'refused' },
  { from: UNDER_APPROVAL, action: 'cancel', actor: ['buyer'], to: 'cancelled' },
  { from: [...UNDER_APPROVAL, 'approved'], action: 'stop', actor: ['admin'], to: 'stopped' },
  { from: ['approved'], action: 'complete', actor: ['system'], to: 'completed' },
];

/** What sub-order targets depend on: whether a delivery leaves anything to send, whether acceptance is on. */
export interface SubContext {
  allDelivered?: boolean;
  checkerRequired?: boolean;
}

export const SUB_TRANSITIONS: TransitionTable<SubStatus, SubAction, Actor, SubContext> = [
  { from: ['waiting'], action: 'release', actor: ['system'], to: 'to_confirm' },
  { from: ['to_confirm'], action: 'confirm', actor: ['supplier'], to: 'to_deliver' },
  { from: ['to_confirm'], action: 'refuse', actor: ['supplier'], to: 'supplier_refused' },
  {
    from: ['to_deliver', 'partially_delivered'],
    action: 'deliver',
    actor: ['supplier'],
    to: (c) => (c.allDelivered ? 'delivered' : 'partially_delivered'),
  },
  { from: ['delivered'], action: 'arrived', actor: ['buyer'], to: (c) => (c.checkerRequired ? 'arrived' : 'completed') },
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

/** Sub-orders whose goods have not left the supplier: stopping them puts the goods back in stock. */
export const NOT_YET_SHIPPED: SubStatus[] = ['waiting', 'to_confirm', 'to_deliver'];
