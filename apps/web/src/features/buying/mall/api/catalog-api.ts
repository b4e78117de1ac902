import type {
  BrandVO as BrandSchema,
  CategoryNode,
  ItemDetailVO as DetailSchema,
  HomeRecommendVO as HomeSchema,
  SameProductVO as SameSchema,
  SEARCH_SORTS,
  SearchResult as SearchSchema,
  ShopItemsResult as ShopItemsSchema,
  ShopDetailVO as ShopSchema,
} from '@kc/contracts/supply/catalog';
import type { z } from 'zod';
import { api } from '../../../../lib/api-client.ts';

export type { CategoryNode };
export type SearchSort = (typeof SEARCH_SORTS)[number];
export type SearchResult = z.infer<typeof SearchSchema>;
export type SearchItem = SearchResult['records'][number];
export type SearchFacets = SearchResult['facets'];
export type ItemDetail = z.infer<typeof DetailSchema>;
export type SameProduct = z.infer<typeof SameSchema>;
export type SameProductOffer = SameProduct['offers'][number];
export type BrandVO = z.infer<typeof BrandSchema>;
export type ShopDetail = z.infer<typeof ShopSchema>;
export type ShopItems = z.infer<typeof ShopItemsSchema>;
export type HomeRecommend = z.infer<typeof HomeSchema>;

export interface SearchParams {
  q?: string;
  categoryId?: number;
  brandId?: number[];
  supplierId?: number;
  /** fen */
  priceMin?: number;
  /** fen */
  priceMax?: number;
  grade?: string;
  inStock?: boolean;
  sort?: SearchSort;
  current: number;
  size: number;
}

/** 商品搜索 GET /mall/v1/item/search */
export function searchItems(params: SearchParams, signal?: AbortSignal): Promise<SearchResult> {
  const { brandId, ...rest } = params;
  return api.get<SearchResult>('/mall/v1/item/search', { ...rest, brandId: brandId?.join(',') }, { signal });
}

/** 搜索联想词 GET /mall/v1/item/suggest */
export function suggestItems(q: string, signal?: AbortSignal): Promise<string[]> {
  return api.get<string[]>('/mall/v1/item/suggest', { q }, { signal, silent: true });
}

/** 商品详情 GET /mall/v1/item/detail/{id} */
export function getItemDetail(id: number): Promise<ItemDetail> {
  // 404 (removed item) leads to /NoItemDetailPage instead of a message
  return api.get<ItemDetail>(`/mall/v1/item/detail/${id}`, undefined, { silent: true });
}

/** 同款比价 GET /mall/v1/item/sameProduct/{id} */
export function getSameProduct(id: number): Promise<SameProduct> {
  return api.get<SameProduct>(`/mall/v1/item/sameProduct/${id}`);
}

/** 品牌列表 GET /mall/v1/brand/list */
export function getBrandList(recommended?: boolean): Promise<BrandVO[]> {
  return api.get<BrandVO[]>('/mall/v1/brand/list', { recommended });
}

/** 商品分类树 GET /mall/v1/category/tree */
export function getCategoryTree(): Promise<CategoryNode[]> {
  return api.get<CategoryNode[]>('/mall/v1/category/tree');
}

/** 首页推荐商品与品牌专区 GET /mall/v1/home/recommend */
export function getHomeRecommend(): Promise<HomeRecommend> {
  return api.get<HomeRecommend>('/mall/v1/home/recommend');
}

/** 店铺详情 GET /mall/v1/shop/detail/{supplierId} */
export function getShopDetail(supplierId: number): Promise<ShopDetail> {
  // 404 (closed shop) leads to /NoShopDetailPage instead of a message
  return api.get<ShopDetail>(`/mall/v1/shop/detail/${supplierId}`, undefined, { silent: true });
}

/** 店铺商品 GET /mall/v1/shop/items */
export function getShopItems(params: { supplierId: number; sectionId?: number; current: number; size: number }): Promise<ShopItems> {
  return api.get<ShopItems>('/mall/v1/shop/items', { ...params });
}
