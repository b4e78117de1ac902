import { type AfterSaleAction, type AfterSaleStatus, type AfterSaleType, NEEDS_RETURN, REFUNDS } from '@kc/contracts/buying/after-sales';
import type { TransitionTable } from '../../../platform/transitions.ts';

export type AfterSaleActor = 'buyer' | 'supplier';
/** What targets depend on: the request's type (goods back first or not; money back or goods again). */
export interface AfterSaleContext {
  type: AfterSaleType;
}

/**
 * The after-sales request's states. The buyer may cancel only before the supplier acts; a return or
 * exchange waits for the goods to come back and be received; a reshipment or refund-only is finished
 * by the supplier straight after agreeing. Finishing refunds (退货, 仅退款) or replaces (换货, 补发);
 * the buyer then closes it (a refused request too).
 */
export const AFTER_SALE_TRANSITIONS: TransitionTable<AfterSaleStatus, AfterSaleAction, AfterSaleActor, AfterSaleContext> = [
  { from: ['requested'], action: 'cancel', actor: ['buyer'], to: 'cancelled' },
  { from: ['requested'], action: 'agree', actor: ['supplier'], to: (c) => (NEEDS_RETURN.includes(c.type) ? 'to_return' : 'agreed') },
  { from: ['requested'], action: 'refuse', actor: ['supplier'], to: 'refused' },
  { from: ['to_return'], action: 'return', actor: ['buyer'], to: 'returned' },
  { from: ['returned'], action: 'receive', actor: ['supplier'], to: 'received' },
  { from: ['received', 'agreed'], action: 'finish', actor: ['supplier'], to: (c) => (REFUNDS.includes(c.type) ? 'refunded' : 'replaced') },
  { from: ['refunded', 'replaced', 'refused'], action: 'close', actor: ['buyer'], to: 'closed' },
];

/** Requests whose quantities no longer count against what may be asked for. */
export const RELEASED: AfterSaleStatus[] = ['cancelled', 'refused'];
/** Requests the buyer may remove from its list. */
export const DELETABLE: AfterSaleStatus[] = ['cancelled', 'closed'];
