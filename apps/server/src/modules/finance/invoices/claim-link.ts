import type { Transaction } from 'kysely';
import type { DB } from '../../../platform/db/schema.ts';

/**
 * A claim takes or releases the invoices of its sub-orders, in the claim's transaction: a claimed
 * invoice cannot be deleted or replaced (only red-flushed), and goes back to matched when the claim
 * is cancelled or refused back to the buyer.
 */
export async function markInvoicesClaimed(trx: Transaction<DB>, subOrderIds: readonly number[], claimed: boolean): Promise<void> {
  if (subOrderIds.length === 0) return;
  const held = trx
    .selectFrom('invoice_allocation')
    .select('invoice_id')
    .where('sub_order_id', 'in', [...subOrderIds]);
  await trx
    .updateTable('invoice')
    .set({ status: claimed ? 'claimed' : 'matched', updated_at: new Date().toISOString() })
    .where('id', 'in', held)
    .where('status', '=', claimed ? 'matched' : 'claimed')
    .execute();
}
