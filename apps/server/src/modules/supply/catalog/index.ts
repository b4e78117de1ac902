import { DICT } from '@kc/contracts/shared/dicts';
import { PRICE_REVIEW_DICT_KEY, PRICE_REVIEW_THRESHOLD } from '@kc/contracts/supply/catalog-price-imports';
import type { AppContext } from '../../../platform/context.ts';
import type { Module } from '../../../platform/module.ts';
import { openSearchIndex } from '../../../platform/search/open-search-index.ts';
import type { DictsService } from '../../shared/dicts/index.ts';
import type { FilesService } from '../../shared/files/index.ts';
import { type CatalogGates, CatalogRepository } from './catalog.repository.ts';
import { registerCatalogRoutes } from './catalog.routes.ts';
import { CatalogService } from './catalog.service.ts';
import { ItemProposalsRepository } from './item-proposals.repository.ts';
import { ItemProposalsService } from './item-proposals.service.ts';
import { ItemSalesRepository } from './item-sales.repository.ts';
import { registerItemSaleRoutes } from './item-sales.routes.ts';
import { ItemSalesService } from './item-sales.service.ts';
import { ItemSectionsRepository } from './item-sections.repository.ts';
import { ItemSections } from './item-sections.service.ts';
import { ItemStockLedger } from './item-stock-ledger.ts';
import { PriceImportsRepository } from './price-imports.repository.ts';
import { registerPriceImportRoutes } from './price-imports.routes.ts';
import { PriceImportsService } from './price-imports.service.ts';
import type { ShopShowcaseReader } from './shop-showcase.port.ts';
import { SupplierItemsRepository } from './supplier-items.repository.ts';
import { registerItemProposalRoutes, registerSupplierItemRoutes } from './supplier-items.routes.ts';
import { SupplierItemsService } from './supplier-items.service.ts';

export type { CatalogGates } from './catalog.repository.ts';
/** Brands, categories, shops and items: reading and Chinese search; the supplier's own item maintenance. */
export { isAvailable, suppliesTo } from './item-availability.ts';
export type { ItemSections, SectionMoves } from './item-sections.service.ts';
export { AWARDED_LINE_ITEM, type AwardedGoods, ItemStockLedger } from './item-stock-ledger.ts';
export type { ShopShowcase, ShopShowcaseReader } from './shop-showcase.port.ts';

export function createCatalogModule(
  ctx: AppContext,
  deps: {
    files: FilesService;
    dicts?: Pick<DictsService, 'threshold' | 'entries'>;
    /** the purchase gates' SQL forms (modules/buying/eligibility, above catalog: wired in app.ts) */
    gates: CatalogGates;
    /** the shop page's sections, banners and notices (supply/shop, which moves items through `sections`: wired in app.ts) */
    showcase: ShopShowcaseReader;
  },
): Module<{ stock: ItemStockLedger; sections: ItemSections }> {
  const search = openSearchIndex(ctx.database.engine);
  const catalog = new CatalogService(new CatalogRepository(ctx.database.db, search, deps.gates), (id) => deps.files.signedUrl(id), {
    showcase: deps.showcase,
  });
  const supplierItems = new SupplierItemsService(new SupplierItemsRepository(ctx.database.db, search));
  return {
    // stock: orders take and give back stock, and place an awarded bid's placeholder items, in their transactions
    // sections: 店铺管理 puts items in its sections and empties a deleted one, in its transactions
    services: { stock: new ItemStockLedger(ctx.database.db), sections: new ItemSections(new ItemSectionsRepository(ctx.database.db)) },
    register(app) {
      const dicts = deps.dicts;
      registerCatalogRoutes(app, catalog);
      registerSupplierItemRoutes(app, supplierItems);
      // the tax rates offered: the tax_rate dictionary (global)
      const taxRates = dicts ? async () => (await dicts.entries(null, DICT.TAX_RATE)).map((e) => e.value) : undefined;
      registerItemProposalRoutes(app, new ItemProposalsService(new ItemProposalsRepository(ctx.database.db), taxRates));
      registerItemSaleRoutes(app, new ItemSalesService(new ItemSalesRepository(ctx.database.db)));
      // the review threshold: warning_threshold priceReviewPercent (global), the contract's 30% as the fallback
      const reviewThreshold = async () =>
        dicts ? (await dicts.threshold(null, PRICE_REVIEW_DICT_KEY, PRICE_REVIEW_THRESHOLD * 100)) / 100 : PRICE_REVIEW_THRESHOLD;
      registerPriceImportRoutes(app, new PriceImportsService(new PriceImportsRepository(ctx.database.db), undefined, reviewThreshold));
    },
  };
}
