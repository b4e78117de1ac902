import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { mainLayout, requireAuth } from '../../app/lazy-route.tsx';
import type { RouteMeta } from '../../app/route-meta.ts';
import { withChunkTimeout } from '../../lib/chunk-load.ts';

const meta = (m: RouteMeta): RouteMeta => m;
/**
 * SPEC.md §2 "Login needed, no menu needed". The mall is the buyer side (type 0 passes too): its
 * header and pages call the cart, which suppliers may not use (a 403 there would end their session).
 */
const shopping = (title: string) => meta({ title, nomenu: true, userType: 1 });

/** A page loaded on first visit (route `lazy`); a chunk that fails or takes over 120 s is a chunk-load error. */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): RouteObject['lazy'] {
  return withChunkTimeout(async () => ({ Component: (await load())[name] }));
}

// Every page and the mall layout arrive in their own chunks: the app's entry carries only the login page (bench:web).
const mallLayout = page(() => import('./components/mall-layout.tsx'), 'MallLayout');
const mallHome = (kind: 'indexBanner' | 'bigMallBanner'): RouteObject['lazy'] =>
  withChunkTimeout(async () => {
    const { MallHomePage } = await import('./pages/mall-home-page.tsx');
    return { element: <MallHomePage kind={kind} /> };
  });
const search = page(() => import('./pages/search-page.tsx'), 'SearchPage');
const itemDetail = page(() => import('./pages/item-detail-page.tsx'), 'ItemDetailPage');
const shop = page(() => import('./pages/shop-page.tsx'), 'ShopPage');
const cart = page(() => import('./pages/cart-page.tsx'), 'CartPage');
const confirmOrder = page(() => import('./pages/confirm-order-page.tsx'), 'ConfirmOrderPage');
const successOrder = page(() => import('./pages/success-order-page.tsx'), 'SuccessOrderPage');
const noItem = page(() => import('./pages/no-item-page.tsx'), 'NoItemPage');
const noShop = page(() => import('./pages/no-shop-page.tsx'), 'NoShopPage');
const address = page(() => import('./pages/address-page.tsx'), 'AddressPage');

/**
 * The mall's routes (SPEC.md §2), spread into the root children of the router; '/' is the index
 * route of the mall layout (the public home).
 */
export const mallRoutes: RouteObject[] = [
  {
    lazy: mallLayout,
    children: [
      { index: true, lazy: mallHome('indexBanner'), handle: meta({ title: '欢迎使用科研采购平台', nologin: true }) },
      { path: '/bigMall', lazy: mallHome('bigMallBanner'), handle: meta({ title: '科研商城', nologin: true }) },
      {
        ...requireAuth(1),
        children: [
          { path: '/search', lazy: search, handle: shopping('商品搜索') },
          { path: '/item_detail.lf', lazy: itemDetail, handle: shopping('商品详情') },
          { path: '/platform/shop.lf', lazy: shop, handle: shopping('店铺详情') },
          { path: '/cart', lazy: cart, handle: shopping('购物车') },
          { path: '/confirmOrder', lazy: confirmOrder, handle: shopping('确认订单') },
          { path: '/successOrder', lazy: successOrder, handle: shopping('下单成功') },
          { path: '/NoItemDetailPage', lazy: noItem, handle: shopping('商品已下架') },
          { path: '/NoShopDetailPage', lazy: noShop, handle: shopping('店铺已关闭') },
        ],
      },
    ],
  },
  {
    path: '/cass/address',
    ...requireAuth(1),
    children: [{ ...mainLayout, children: [{ index: true, lazy: address, handle: meta({ title: '收货地址', userType: 1 }) }] }],
  },
];
