/** Paths of the mall pages (docs/domains/platform.md#route-classes), built in one place. */
export const MALL_HOME = '/';
export const BIG_MALL = '/bigMall';
export const CART_PATH = '/cart';
export const NO_ITEM_PATH = '/NoItemDetailPage';
export const NO_SHOP_PATH = '/NoShopDetailPage';

export const itemPath = (id: number) => `/item_detail.lf?id=${id}`;
export const shopPath = (supplierId: number) => `/platform/shop.lf?supplierId=${supplierId}`;
export const searchPath = (q: string) => `/search?${new URLSearchParams({ q: q.trim() }).toString()}`;
export const confirmFromCartPath = (cartIds: number[]) => `/confirmOrder?cartIds=${cartIds.join(',')}`;
export const confirmDirectPath = (itemId: number, quantity: number) => `/confirmOrder?itemId=${itemId}&quantity=${quantity}`;

/** A positive integer from a query parameter, else 0. */
export function idParam(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : 0;
}

/** '1,2,3' → [1, 2, 3]; anything malformed is dropped. */
export function idListParam(value: string | null): number[] {
  return (value ?? '')
    .split(',')
    .map((s) => idParam(s.trim()))
    .filter((n) => n > 0);
}
