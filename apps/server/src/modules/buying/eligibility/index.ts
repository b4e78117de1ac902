import type { AppContext } from '../../../platform/context.ts';
import type { Module } from '../../../platform/module.ts';
import { EligibilityRepository } from './eligibility.repository.ts';
import { PurchaseEligibility } from './eligibility.ts';

export { isAvailable } from '../../supply/catalog/index.ts';
export {
  type Clearance,
  catalogGates,
  firstProblem,
  type GateBuyer,
  type GateItem,
  type GateProblem,
  itemsWhere,
  PurchaseEligibility,
  sellersWhere,
} from './eligibility.ts';
export { type GateName, PURCHASE_GATES } from './gates.ts';

/**
 * 可购买性: the one place that answers whether a buyer may buy an item or a supplier may sell to
 * an institute (gates.ts). No routes of its own; every order path and every list of goods asks it.
 */
export function createEligibilityModule(ctx: AppContext): Module<{ eligibility: PurchaseEligibility }> {
  return { services: { eligibility: new PurchaseEligibility(new EligibilityRepository(ctx.database.db)) }, register: () => {} };
}
