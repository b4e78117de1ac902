import type { Transaction } from 'kysely';
import { Refunds } from '../../src/modules/buying/orders/refunds.ts';
import { CardMoves } from '../../src/modules/ledgers/budget/card-moves.ts';
import { StockMoves } from '../../src/modules/ledgers/inventory/stock-moves.ts';
import { SpendRecorder } from '../../src/modules/ledgers/statistics/spend-recorder.ts';
import type { DB } from '../../src/platform/db/schema.ts';

/** The orders module's refund path wired to the real ledgers, for tests that drive it straight in a transaction. */
export const refunds = new Refunds({
  grantCards: { within: (trx: Transaction<DB>) => new CardMoves(trx) },
  inventory: { within: (trx: Transaction<DB>) => new StockMoves(trx) },
  statistics: { within: (trx: Transaction<DB>) => new SpendRecorder(trx) },
});
