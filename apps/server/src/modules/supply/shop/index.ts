import type { AppContext } from '../../../platform/context.ts';
import type { Module } from '../../../platform/module.ts';
import type { FilesService } from '../../shared/files/index.ts';
import type { MessagesService } from '../../shared/messages/index.ts';
import type { ItemSections, ShopShowcaseReader } from '../catalog/index.ts';
import { ShopContentRepository } from './shop-content.repository.ts';
import { registerShopContentRoutes } from './shop-content.routes.ts';
import { ShopContentService } from './shop-content.service.ts';
import { ShopReviewRepository } from './shop-review.repository.ts';
import { ShopReviewService } from './shop-review.service.ts';
import { ShopShowcaseRepository } from './shop-showcase.repository.ts';

/**
 * 店铺管理: the supplier's shop profile, sections, banners and notices, shown to buyers once the
 * platform approves them. Items move between sections through catalog's `sections`; catalog's shop
 * page reads `showcase` (a port app.ts passes to catalog).
 */
export function createShopModule(
  ctx: AppContext,
  deps: { files: FilesService; messages: MessagesService; sections: ItemSections },
): Module<{ showcase: ShopShowcaseReader }> {
  const content = new ShopContentService(new ShopContentRepository(ctx.database.db), deps.files, deps.sections);
  const review = new ShopReviewService(new ShopReviewRepository(ctx.database.db), deps.files, deps.messages);
  const showcase = new ShopShowcaseRepository(ctx.database.db);
  return {
    services: { showcase: (shopId) => showcase.showcase(shopId) },
    register: (app) => registerShopContentRoutes(app, content, review),
  };
}
