import type { AppContext } from '../../../platform/context.ts';
import type { Module } from '../../../platform/module.ts';
import { DeliveryFeesRepository } from './delivery-fees.repository.ts';
import { registerDeliveryFeeRoutes } from './delivery-fees.routes.ts';
import { DeliveryFeesService } from './delivery-fees.service.ts';

/**
 * 运费设置: a supplier's delivery fees by region. Checkout reads the rows and computes each
 * sub-order's fee with the contracts' subOrderFee (orders/placement).
 */
export function createDeliveryFeesModule(ctx: AppContext): Module {
  const svc = new DeliveryFeesService(new DeliveryFeesRepository(ctx.database.db));
  return { services: {}, register: (app) => registerDeliveryFeeRoutes(app, svc) };
}
