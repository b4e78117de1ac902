import type { InvoiceStatus } from '@kc/contracts/finance/invoices';
import { bulkTransition, type TransitionTable, transition } from '../../../platform/transitions.ts';

/**
 * Invoice states as a transitions table (pure; tested beside this file).
 *
 *   (uploaded) matched ─claim→ claimed ─release→ matched
 *              exception ─finance accepts→ matched
 *              red_flushed (a red invoice itself)
 *   uploaded, matched, exception, claimed ─a red invoice flushes it→ red_flushed
 *
 * - An upload is checked before it is stored: a blue invoice whose buyer or seller does not match
 *   the institute and the supplier is an exception (finance accepts it with a reason, or waits for a
 *   corrected invoice), any other blue invoice is matched; a red invoice is stored red_flushed.
 * - A claim takes its sub-orders' matched invoices when it is submitted and gives them back
 *   (claimed → matched) when it is cancelled or sent back to the buyer.
 * - A red invoice reverses its blue one in full whatever the blue one's state but red_flushed and
 *   void; a claimed invoice is corrected only this way.
 * - Deletion is not a move (the row goes): the supplier deletes its own invoice unless it is claimed,
 *   red-flushed or red.
 * - uploaded and void are statuses of older data: nothing moves an invoice into them today.
 */
export type { InvoiceStatus };
export type InvoiceMove = 'redFlush' | 'acceptException' | 'claim' | 'release';
/** The supplier's red invoice, the institute's finance, and a claim taking or releasing invoices. */
export type InvoiceActor = 'supplier' | 'finance' | 'claim';

/** Where an uploaded invoice starts. */
export const statusAtUpload = (c: { red: boolean; exception: string | null }): InvoiceStatus => (c.red ? 'red_flushed' : c.exception ? 'exception' : 'matched');

export const INVOICE_TRANSITIONS: TransitionTable<InvoiceStatus, InvoiceMove, InvoiceActor> = [
  { from: ['uploaded', 'matched', 'exception', 'claimed'], action: 'redFlush', actor: ['supplier'], to: 'red_flushed' },
  { from: ['exception'], action: 'acceptException', actor: ['finance'], to: 'matched' },
  { from: ['matched'], action: 'claim', actor: ['claim'], to: 'claimed' },
  { from: ['claimed'], action: 'release', actor: ['claim'], to: 'matched' },
];

/** The status a move leads to, or null when the invoice's status does not allow it. */
export const nextInvoiceStatus = (from: string, move: InvoiceMove, actor: InvoiceActor) => transition(INVOICE_TRANSITIONS, from as InvoiceStatus, move, actor);

/**
 * The moves made as one conditional update over rows in any allowed state: the blue invoice a red
 * one flushes (whatever it became since it was read, as long as the table allows the flush), and
 * every invoice of a claim's sub-orders it takes or gives back.
 */
export const RED_FLUSH = bulkTransition(INVOICE_TRANSITIONS, 'redFlush', 'supplier');
export const CLAIM_TAKES = bulkTransition(INVOICE_TRANSITIONS, 'claim', 'claim');
export const CLAIM_RELEASES = bulkTransition(INVOICE_TRANSITIONS, 'release', 'claim');
