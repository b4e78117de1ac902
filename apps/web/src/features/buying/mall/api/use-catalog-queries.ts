import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  getBrandList,
  getCategoryTree,
  getHomeRecommend,
  getItemDetail,
  getSameProduct,
  getShopDetail,
  getShopItems,
  type SearchParams,
  searchItems,
  suggestItems,
} from './catalog-api.ts';
import { getPublicNotices } from './content-api.ts';
import { mallKeys } from './mall-query-keys.ts';

export function useSearch(params: SearchParams) {
  return useQuery({
    queryKey: mallKeys.search(params),
    queryFn: ({ signal }) => searchItems(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useSuggest(q: string) {
  return useQuery({
    queryKey: mallKeys.suggest(q),
    queryFn: ({ signal }) => suggestItems(q, signal),
    enabled: q.trim().length > 0,
    staleTime: 60_000,
  });
}

export function useItemDetail(id: number) {
  return useQuery({ queryKey: mallKeys.item(id), queryFn: () => getItemDetail(id), enabled: id > 0, staleTime: 0 });
}

export function useSameProduct(id: number) {
  return useQuery({ queryKey: mallKeys.sameProduct(id), queryFn: () => getSameProduct(id), enabled: id > 0 });
}

export function useBrands(recommended?: boolean) {
  return useQuery({ queryKey: mallKeys.brands(recommended), queryFn: () => getBrandList(recommended), staleTime: 5 * 60_000 });
}

export function useCategoryTree() {
  return useQuery({ queryKey: mallKeys.categories, queryFn: getCategoryTree, staleTime: 5 * 60_000 });
}

export function useHomeRecommend() {
  return useQuery({ queryKey: mallKeys.recommend, queryFn: getHomeRecommend });
}

export function useShopDetail(supplierId: number) {
  return useQuery({ queryKey: mallKeys.shop(supplierId), queryFn: () => getShopDetail(supplierId), enabled: supplierId > 0 });
}

export function useShopItems(supplierId: number, sectionId: number | undefined, current: number, size: number) {
  return useQuery({
    queryKey: mallKeys.shopItems(supplierId, sectionId, current, size),
    queryFn: () => getShopItems({ supplierId, sectionId, current, size }),
    enabled: supplierId > 0,
    placeholderData: keepPreviousData,
  });
}

export function usePublicNotices() {
  return useQuery({ queryKey: mallKeys.notices, queryFn: () => getPublicNotices(5) });
}
