import type { Transaction } from 'kysely';
import type { DB } from '../../../platform/db/schema.ts';
import { returnContainers, stockInSubOrder } from './stock-ledger.ts';

/**
 * The stock moves another module makes inside its own transaction, bound to it by
 * `inventory.within(trx)`: orders stock in a sub-order when it is accepted, after-sales sends
 * containers back with a return. The caller names the move; stock-in.ts writes the rows.
 */
export class StockMoves {
  constructor(private readonly trx: Transaction<DB>) {}

  /** Every accepted unit becomes a container with a 'stock_in' ledger row, under one 入库单 (once per sub-order). */
  stockInSubOrder(a: { subOrderId: number; actorId: number; locationId?: number | null }) {
    return stockInSubOrder(this.trx, a);
  }

  /** Up to each line's quantity of in-stock containers leave the lab (state returned, a 'return' ledger row each). */
  returnContainers(a: { subOrderId: number; lines: readonly { lineId: number; quantity: number }[]; actorId: number | null; ref: string }): Promise<number> {
    return returnContainers(this.trx, a);
  }
}
