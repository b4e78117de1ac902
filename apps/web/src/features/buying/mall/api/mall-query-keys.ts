import type { SearchParams } from './catalog-api.ts';

/** TanStack Query keys of the mall; invalidating `cart` refreshes the header badge, the cart and its sums. */
export const mallKeys = {
  cart: ['mall', 'cart'] as const,
  cartNum: ['mall', 'cart', 'num'] as const,
  cartItems: ['mall', 'cart', 'items'] as const,
  cartSum: (ids: number[]) => ['mall', 'cart', 'sum', ids] as const,
  favorites: ['mall', 'favorites'] as const,
  favoriteStatus: (itemId: number) => ['mall', 'favorites', 'status', itemId] as const,
  addresses: ['mall', 'addresses'] as const,
  addressPage: (current: number, size: number) => ['mall', 'addresses', current, size] as const,
  /** the 收货地址 list page's head (its request is appended) */
  addressList: ['mall', 'addresses', 'page'] as const,
  favoriteList: ['mall', 'favorites', 'page'] as const,
  confirm: (source: string, addressId: number | undefined) => ['mall', 'confirm', source, addressId ?? 0] as const,
  supplyArea: (source: string, addressId: number) => ['mall', 'supplyArea', source, addressId] as const,
  search: (params: SearchParams) => ['mall', 'search', params] as const,
  suggest: (q: string) => ['mall', 'suggest', q] as const,
  item: (id: number) => ['mall', 'item', id] as const,
  sameProduct: (id: number) => ['mall', 'sameProduct', id] as const,
  brands: (recommended?: boolean) => ['mall', 'brands', recommended ?? false] as const,
  categories: ['mall', 'categories'] as const,
  recommend: ['mall', 'recommend'] as const,
  shop: (supplierId: number) => ['mall', 'shop', supplierId] as const,
  shopItems: (supplierId: number, sectionId: number | undefined, current: number, size: number) =>
    ['mall', 'shopItems', supplierId, sectionId ?? 0, current, size] as const,
  notices: ['mall', 'publicNotices'] as const,
  buyTips: ['mall', 'buyTip'] as const,
  /** the buyers an assistant may order for (代下单) */
  agentBuyers: ['mall', 'agentBuyers'] as const,
  /** the grant cards the buyer may charge */
  usableCards: ['mall', 'usableCards'] as const,
  /** an item's outside data (the external interfaces') */
  externalItem: (id: string | null) => ['external', 'item', id] as const,
  /** an item's reviews, one page */
  itemReviews: (itemId: number, page: number) => ['comments', 'item', itemId, page] as const,
};
