import type { AppContext } from '../../../platform/context.ts';
import type { Module } from '../../../platform/module.ts';
import type { PurchaseEligibility } from '../eligibility/index.ts';
import { AddressRepository } from './address.repository.ts';
import { registerAddressRoutes } from './address.routes.ts';
import { AddressService } from './address.service.ts';
import { BuyTipRepository } from './buy-tip.repository.ts';
import { registerBuyTipRoutes } from './buy-tip.routes.ts';
import { BuyTipService } from './buy-tip.service.ts';
import { CartRepository } from './cart.repository.ts';
import { registerCartRoutes } from './cart.routes.ts';
import { CartService } from './cart.service.ts';
import { CheckoutService } from './checkout.service.ts';
import { FavoriteRepository } from './favorite.repository.ts';
import { registerFavoriteRoutes } from './favorite.routes.ts';
import { FavoriteService } from './favorite.service.ts';

export { CheckoutService } from './checkout.service.ts';
export type { PurchasableItem } from './purchasable.repository.ts';

/** The buyer's side of the mall before an order: cart, favourites, delivery addresses, buy tips; and what placement needs of them (checkout). */
export function createMallModule(ctx: AppContext, deps: { eligibility: PurchaseEligibility }): Module<{ checkout: CheckoutService }> {
  const db = ctx.database.db;
  const carts = new CartRepository(db);
  const addresses = new AddressRepository(db);
  const tips = new BuyTipService(new BuyTipRepository(db));
  const cart = new CartService(carts, deps.eligibility);
  const address = new AddressService(addresses);
  const favorites = new FavoriteService(new FavoriteRepository(db));
  return {
    services: { checkout: new CheckoutService(carts, addresses, tips) },
    register(app) {
      registerCartRoutes(app, cart);
      registerFavoriteRoutes(app, favorites);
      registerAddressRoutes(app, address);
      registerBuyTipRoutes(app, tips);
    },
  };
}
