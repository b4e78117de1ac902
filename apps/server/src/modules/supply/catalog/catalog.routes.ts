import { envelope, IdParams, NoQuery } from '@kc/contracts/platform/common';
import {
  BrandListQuery,
  BrandVO,
  CategoryNode,
  HomeRecommendVO,
  ItemDetailVO,
  SameProductVO,
  SearchQuery,
  SearchResult,
  ShopDetailVO,
  ShopItemsQuery,
  ShopItemsResult,
  ShopParams,
  SuggestQuery,
} from '@kc/contracts/supply/catalog';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Caller } from '../../../platform/auth/access.ts';
import { ok } from '../../../platform/http/reply.ts';
import type { CatalogService } from './catalog.service.ts';

/** A buyer sees the suppliers contracted with their current institute; everyone else those contracted with any (contracts module). */
const buyerInstitute = (c: Caller | null | undefined) => (c && c.accountType === 1 ? c.instituteId : null);
/** The caller as a buyer, for 协议价 (a supplier or the platform gets list and sale prices). */
const buyerOf = (c: Caller | null | undefined) => ({ instituteId: buyerInstitute(c), deptPath: c?.deptPath ?? null });

/** /mall/v1 read side of the catalog: search, item detail, brands, categories, shops, home recommendations. */
export function registerCatalogRoutes(root: FastifyInstance, svc: CatalogService) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const item = ['商品'];
  const catalog = ['品牌与分类'];
  const shop = ['店铺'];

  app.get(
    '/mall/v1/item/search',
    {
      schema: {
        tags: item,
        summary: '商品搜索：中英文名、CAS 号、货号、品牌；分类、品牌、供应商、价格、等级、有货筛选；排序、分面统计与高亮',
        querystring: SearchQuery,
        response: { 200: envelope(SearchResult) },
      },
      config: { access: 'login' },
    },
    async (req) => ok(await svc.search(req.query, { institute: buyerInstitute(req.caller), deptPath: req.caller?.deptPath ?? null })),
  );
  app.get(
    '/mall/v1/item/suggest',
    {
      schema: { tags: item, summary: '搜索框联想词（最多 10 个商品名）', querystring: SuggestQuery, response: { 200: envelope(z.array(z.string())) } },
      config: { access: 'login' },
    },
    async (req) => ok(await svc.suggest(req.query.q, buyerInstitute(req.caller))),
  );
  app.get(
    '/mall/v1/item/detail/:id',
    {
      schema: { tags: item, summary: '商品详情（已下架或删除返回 404）', params: IdParams, querystring: NoQuery, response: { 200: envelope(ItemDetailVO) } },
      config: { access: 'login' },
    },
    async (req) => ok(await svc.detail(req.params.id, buyerInstitute(req.caller), req.caller?.deptPath ?? null)),
  );
  app.get(
    '/mall/v1/item/sameProduct/:id',
    {
      schema: {
        tags: item,
        summary: '同款商品比价：各供应商、各包装的价格与单位价格',
        params: IdParams,
        querystring: NoQuery,
        response: { 200: envelope(SameProductVO) },
      },
      config: { access: 'login' },
    },
    async (req) => ok(await svc.sameProduct(req.params.id, buyerInstitute(req.caller))),
  );

  app.get(
    '/mall/v1/brand/list',
    {
      schema: { tags: catalog, summary: '品牌列表（可只取推荐品牌）', querystring: BrandListQuery, response: { 200: envelope(z.array(BrandVO)) } },
      config: { access: 'public' },
    },
    async (req) => ok(await svc.brands(req.query.recommended)),
  );
  app.get(
    '/mall/v1/category/tree',
    {
      schema: { tags: catalog, summary: '商品分类树', querystring: NoQuery, response: { 200: envelope(z.array(CategoryNode)) } },
      config: { access: 'public' },
    },
    async () => ok(await svc.categoryTree()),
  );
  app.get(
    '/mall/v1/home/recommend',
    {
      schema: { tags: catalog, summary: '首页与商城推荐商品、品牌专区', querystring: NoQuery, response: { 200: envelope(HomeRecommendVO) } },
      config: { access: 'public' },
    },
    async () => ok(await svc.homeRecommend()),
  );

  app.get(
    '/mall/v1/shop/detail/:supplierId',
    {
      schema: {
        tags: shop,
        summary: '店铺详情：栏目与横幅（店铺关闭返回 404）',
        params: ShopParams,
        querystring: NoQuery,
        response: { 200: envelope(ShopDetailVO) },
      },
      config: { access: 'login' },
    },
    async (req) => ok(await svc.shopDetail(req.params.supplierId, buyerInstitute(req.caller))),
  );
  app.get(
    '/mall/v1/shop/items',
    {
      schema: { tags: shop, summary: '店铺商品（可按栏目）', querystring: ShopItemsQuery, response: { 200: envelope(ShopItemsResult) } },
      config: { access: 'login' },
    },
    async (req) => ok(await svc.shopItems(req.query, buyerOf(req.caller))),
  );
}
