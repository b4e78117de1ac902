import { shanghaiDate } from '@kc/contracts/platform/common';
import type { Expression, ExpressionBuilder, RawBuilder, SqlBool, Transaction } from 'kysely';
import { sql } from 'kysely';
import type { DB } from '../../../platform/db/schema.ts';
import type { CatalogGates } from '../../supply/catalog/index.ts';
import type { EligibilityRepository, GateProblem } from './eligibility.repository.ts';
import { type GateBuyer, type GateItem, PURCHASE_GATES } from './gates.ts';

/**
 * Proof that the seam cleared a purchase: what the one order insertion (orders/placement/
 * order-insertion.ts) requires. Only this file can make one (the class is exported as a type).
 */
class Clearance {
  // biome-ignore lint/correctness/noUnusedPrivateClassMembers: a private member makes the type nominal: no object literal passes for a clearance
  readonly #brand = true;
  private constructor(readonly by: 'items' | 'supplier') {}
  static issue(by: 'items' | 'supplier') {
    return new Clearance(by);
  }
}

export type { Clearance };

/**
 * The one purchase-eligibility seam (gates.ts holds the rules). The service answers for items and
 * suppliers; the two SQL forms answer for lists. Bound to the caller's transaction with `within`
 * when a use case reads inside one (SQLite has one connection).
 */
export class PurchaseEligibility {
  constructor(private readonly repo: EligibilityRepository) {}

  within(trx: Transaction<DB>): PurchaseEligibility {
    return new PurchaseEligibility(this.repo.within(trx));
  }

  /** Every gate each item fails, in gate order; items that may be bought are absent. */
  problems(buyer: GateBuyer, items: readonly GateItem[], today: string = shanghaiDate()): Promise<Map<number, GateProblem[]>> {
    return this.repo.problems(buyer, items, today);
  }

  /**
   * The gates' answer for the lines of an order: every refusal by item, and a clearance for the
   * order insertion only when there is none (`except`: gates the caller judged itself, none today).
   */
  async clearItems(buyer: GateBuyer, items: readonly GateItem[], today: string = shanghaiDate()) {
    const refusals = await this.problems(buyer, items, today);
    return { refusals, clearance: refusals.size === 0 && items.length > 0 ? Clearance.issue('items') : null };
  }

  /** A clearance for an order of goods that are no catalogue items (an awarded bid): the supplier may sell to the institute. */
  async clearSupplier(buyer: GateBuyer, supplierId: number, today: string = shanghaiDate()): Promise<Clearance | null> {
    return (await this.sellers(buyer, [supplierId], today)).has(supplierId) ? Clearance.issue('supplier') : null;
  }

  /** Of these suppliers, those that may sell to the buyer's institute (bids, tech services). */
  sellers(buyer: GateBuyer, supplierIds: number[], today: string = shanghaiDate()): Promise<Set<number>> {
    return supplierIds.length === 0 ? Promise.resolve(new Set()) : this.repo.sellers(buyer, supplierIds, today);
  }
}

/** SQL: the supplier (by an id column) passes every supplier-level gate for the buyer. */
export function sellersWhere(supplierIdRef: string, buyer: GateBuyer, today: string = shanghaiDate()): RawBuilder<boolean> {
  const parts = PURCHASE_GATES.flatMap((g) => (g.sellerWhere ? [g.sellerWhere(supplierIdRef, buyer, today)] : []));
  return parts.length ? sql<boolean>`(${sql.join(parts, sql` and `)})` : sql<boolean>`1 = 1`;
}

/** SQL: the item passes every item-level gate for the buyer (searches, with its supplier narrowed by sellersWhere). */
export function itemsWhere(buyer: GateBuyer, today: string = shanghaiDate()) {
  return (eb: ExpressionBuilder<DB, 'item'>): Expression<SqlBool> => eb.and(PURCHASE_GATES.flatMap((g) => (g.where ? [g.where(eb, buyer, today)] : [])));
}

/** The gates as catalog search reads them (its port `CatalogGates`, wired in app.ts). */
export const catalogGates: CatalogGates = {
  sellers: (supplierIdRef, instituteId) => sellersWhere(supplierIdRef, { instituteId }),
  items: (instituteId) => itemsWhere({ instituteId }),
};

/** The first refusal among these gates' problems (the reason a line shows), or null. */
export function firstProblem(problems: readonly GateProblem[] | undefined, except: GateProblem['gate'][] = []): string | null {
  return problems?.find((p) => !except.includes(p.gate))?.message ?? null;
}

export type { GateBuyer, GateItem, GateProblem };
