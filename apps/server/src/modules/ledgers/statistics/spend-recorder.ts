import type { Transaction } from 'kysely';
import type { DB } from '../../../platform/db/schema.ts';
import { recordAcceptance, recordPartRefund, recordRefund } from './spend-ledger.ts';

/**
 * The spend facts another module writes inside its own transaction, bound to it by
 * `statistics.within(trx)`: orders when a sub-order is accepted or refunded, after-sales for a part
 * refund after delivery, the historical import for the orders it writes. spend-ledger.ts says what
 * each fact counts.
 */
export class SpendRecorder {
  constructor(private readonly trx: Transaction<DB>) {}

  /** Counts an accepted sub-order's lines and delivery fee (once: a second call inserts nothing). */
  recordAcceptance(subOrderId: number, at?: Date): Promise<number> {
    return recordAcceptance(this.trx, subOrderId, at);
  }

  /** Reverses what the sub-order's acceptance counted. */
  recordRefund(subOrderId: number, at?: Date): Promise<number> {
    return recordRefund(this.trx, subOrderId, at);
  }

  /** Part of an accepted sub-order refunded after delivery (`source`: the after-sales request's key). */
  recordPartRefund(subOrderId: number, source: string, lines: readonly { lineId: number; quantity: number; amount: number }[], at?: Date): Promise<number> {
    return recordPartRefund(this.trx, subOrderId, source, lines, at);
  }
}
