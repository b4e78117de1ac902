import { shanghaiDate } from '@kc/contracts/platform/common';
import type { AppContext } from '../../../platform/context.ts';
import type { Executor } from '../../../platform/db/executor.ts';
import type { Module } from '../../../platform/module.ts';
import { type BuyerPrice, buyerPrice } from './discount-rules.ts';
import { DiscountsRepository, rulesInForce, salesInForce } from './discounts.repository.ts';
import { registerDiscountRoutes } from './discounts.routes.ts';
import { DiscountsService } from './discounts.service.ts';

export { type DeptDiscountFields, type DeptDiscountWrites, deptDiscounts } from './dept-discount-writes.ts';
export type { BuyerPrice } from './discount-rules.ts';

/**
 * What a buyer pays for each item: the list price, the most specific 协议价 rule in force for the
 * buyer's institute and department, or a sale (促销) in force for everyone, whichever is lowest.
 * A buyer without an institute (the platform, anonymous visitors) gets no 协议价. Called inside the caller's transaction when it has one.
 */
export async function buyerPrices(
  db: Executor,
  buyer: { instituteId: number | null; deptPath: string | null } | null,
  items: readonly { id: number; supplier_id: number; price: number }[],
  today = shanghaiDate(),
): Promise<Map<number, BuyerPrice>> {
  const [rules, sales] = await Promise.all([
    buyer?.instituteId
      ? rulesInForce(
          db,
          buyer.instituteId,
          items.map((i) => i.supplier_id),
          today,
        )
      : [],
    salesInForce(
      db,
      items.map((i) => i.id),
      today,
    ),
  ]);
  return new Map(items.map((i) => [i.id, buyerPrice({ ...i, price: Number(i.price) }, rules, buyer?.deptPath ?? null, sales.get(i.id) ?? null)]));
}

/** 协议价: the supplier's discounts and negotiated prices for institutes and departments. */
export function createDiscountsModule(ctx: AppContext): Module {
  const svc = new DiscountsService(new DiscountsRepository(ctx.database.db));
  return { services: {}, register: (app) => registerDiscountRoutes(app, svc) };
}
