import type { Transaction } from 'kysely';
import type { Executor } from '../../../platform/db/executor.ts';
import type { DB } from '../../../platform/db/schema.ts';
import { type GateBuyer, type GateItem, type GateName, PURCHASE_GATES } from './gates.ts';

/** One gate's refusal of an item. */
export interface GateProblem {
  gate: GateName;
  message: string;
}

/** Runs the gates' queries on the database or on the caller's transaction. */
export class EligibilityRepository {
  constructor(private readonly db: Executor) {}

  within(trx: Transaction<DB>): EligibilityRepository {
    return new EligibilityRepository(trx);
  }

  /** Every gate each item fails, in gate order (items that pass every gate are absent). */
  async problems(buyer: GateBuyer, items: readonly GateItem[], today: string): Promise<Map<number, GateProblem[]>> {
    const out = new Map<number, GateProblem[]>();
    if (items.length === 0) return out;
    const found = await Promise.all(PURCHASE_GATES.map((g) => g.problems(this.db, buyer, items, today)));
    PURCHASE_GATES.forEach((gate, i) => {
      for (const [itemId, message] of found[i]) out.set(itemId, [...(out.get(itemId) ?? []), { gate: gate.name, message }]);
    });
    return out;
  }

  /** Of these suppliers, those every supplier-level gate lets sell to the buyer. */
  async sellers(buyer: GateBuyer, supplierIds: number[], today: string): Promise<Set<number>> {
    let pass = new Set(supplierIds);
    for (const gate of PURCHASE_GATES) {
      if (!gate.sellers || pass.size === 0) continue;
      pass = await gate.sellers(this.db, buyer, [...pass], today);
    }
    return pass;
  }
}
