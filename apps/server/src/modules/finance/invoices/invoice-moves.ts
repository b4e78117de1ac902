import type { Transaction } from 'kysely';
import type { DB } from '../../../platform/db/schema.ts';
import { CLAIM_RELEASES, CLAIM_TAKES } from './invoice-states.ts';
import { InvoicesRepository } from './invoices.repository.ts';

/**
 * What another module asks of invoices inside its own transaction, bound to it by
 * `invoices.within(trx)`: claims read the match of the sub-orders they take and take or release
 * their invoices; the supplier's side of a claim marks paper invoices promised.
 */
export class InvoiceMoves {
  constructor(private readonly repo: InvoicesRepository) {}

  /** The three-way match of each sub-order, as this transaction sees it. */
  match(subOrderIds: readonly number[]) {
    return this.repo.match(subOrderIds);
  }

  /**
   * A claim takes (claimed = true) or gives back the invoices of its sub-orders: a claimed invoice
   * cannot be deleted or replaced (only red-flushed), and goes back to matched when the claim is
   * cancelled or refused back to the buyer.
   */
  async markClaimed(subOrderIds: readonly number[], claimed: boolean): Promise<void> {
    if (subOrderIds.length === 0) return;
    const move = claimed ? CLAIM_TAKES : CLAIM_RELEASES;
    await this.repo.moveInvoicesOf(subOrderIds, move.from, move.to);
  }

  /** The supplier promises paper invoices for these (its own, live) invoices. */
  confirmPaper(invoiceIds: number[], at: string) {
    return this.repo.confirmPaper(invoiceIds, at);
  }
}

/** markClaimed on the caller's transaction, for callers (and tests) holding only the transaction. */
export function markInvoicesClaimed(trx: Transaction<DB>, subOrderIds: readonly number[], claimed: boolean): Promise<void> {
  return new InvoiceMoves(new InvoicesRepository(trx)).markClaimed(subOrderIds, claimed);
}
