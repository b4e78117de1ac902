import type { AppContext } from '../../../platform/context.ts';
import type { Module } from '../../../platform/module.ts';
import type { FilesService } from '../../shared/files/index.ts';
import type { MessagesService } from '../../shared/messages/index.ts';
import { ShopContentRepository } from './shop-content.repository.ts';
import { registerShopContentRoutes } from './shop-content.routes.ts';
import { ShopContentService } from './shop-content.service.ts';
import { ShopReviewRepository } from './shop-review.repository.ts';
import { ShopReviewService } from './shop-review.service.ts';

export { shopShowcase } from './shop-showcase.repository.ts';

/** 店铺管理: the supplier's shop profile, sections, banners and notices, shown to buyers once the platform approves them. */
export function createShopModule(ctx: AppContext, deps: { files: FilesService; messages: MessagesService }): Module {
  const content = new ShopContentService(new ShopContentRepository(ctx.database.db), deps.files);
  const review = new ShopReviewService(new ShopReviewRepository(ctx.database.db), deps.files, deps.messages);
  return { services: {}, register: (app) => registerShopContentRoutes(app, content, review) };
}
