import type { Transaction } from 'kysely';
import type { DB } from '../../../platform/db/schema.ts';
import { DiscountsRepository } from './discounts.repository.ts';

/** The fields of one 协议价 rule another module sets (interface-excel's 协议价 sheet). */
export interface DeptDiscountFields {
  institute_id: number;
  dept_id: number | null;
  item_id: number | null;
  /** per-mille of the list price; null for a negotiated price */
  rate: number | null;
  /** fen; null for a rate */
  price: number | null;
  valid_from: string;
  valid_to: string;
  status: number;
  note: string | null;
}

/** A supplier's 协议价 rules written inside the caller's transaction. */
export class DeptDiscountWrites {
  constructor(private readonly repo: DiscountsRepository) {}

  /** false when the rule is no longer the supplier's (the caller treats it as changed since its check) */
  update(supplierId: number, id: number, set: DeptDiscountFields, now: string) {
    return this.repo.updateOwn(supplierId, id, { ...set, updated_at: now });
  }

  async insert(supplierId: number, set: DeptDiscountFields, by: number, now: string) {
    await this.repo.insert({ ...set, supplier_id: supplierId, created_by: by, created_at: now, updated_at: now });
  }
}

/**
 * dept_discount belongs to this module; another module's use case that writes rules in its own
 * transaction — interface-excel's 协议价 import, applied when the supplier confirms — does it
 * through `deptDiscounts.within(trx)`. Stateless (it holds no database handle, only the caller's
 * transaction), so it is exported as is, like `buyerPrices`: the import's family objects are
 * built outside any module factory and could not be handed an instance.
 */
export const deptDiscounts = {
  within(trx: Transaction<DB>) {
    return new DeptDiscountWrites(new DiscountsRepository(trx));
  },
};
