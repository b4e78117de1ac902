import { type FeatureRoutes, page, pageWith } from '../../../lib/lazy-page.tsx';
import type { RouteMeta } from '../../../lib/route-meta.ts';

const meta = (m: RouteMeta): RouteMeta => m;
/**
 * docs/domains/platform.md#route-classes "Login needed, no menu needed". The mall is the buyer side (type 0 passes too): its
 * header and pages call the cart, which suppliers may not use (the server refuses them).
 */
const shopping = (title: string) => meta({ title, nomenu: true, userType: 1 });

const mallHome = (kind: 'indexBanner' | 'bigMallBanner') => pageWith(() => import('./pages/mall-home-page.tsx'), 'MallHomePage', { kind });

/**
 * The mall's routes (docs/domains/platform.md#route-classes); '/' is the index route of the mall layout (the public home).
 * Every page and the mall layout arrive in their own chunks.
 */
export const routes: FeatureRoutes = ({ requireAuth, mainLayout }) => [
  {
    ...page(() => import('./components/mall-layout.tsx'), 'MallLayout'),
    children: [
      { index: true, ...mallHome('indexBanner'), handle: meta({ title: '欢迎使用科研采购平台', nologin: true }) },
      { path: '/bigMall', ...mallHome('bigMallBanner'), handle: meta({ title: '科研商城', nologin: true }) },
      {
        ...requireAuth(1),
        children: [
          { path: '/search', ...page(() => import('./pages/search-page.tsx'), 'SearchPage'), handle: shopping('商品搜索') },
          { path: '/item_detail.lf', ...page(() => import('./pages/item-detail-page.tsx'), 'ItemDetailPage'), handle: shopping('商品详情') },
          { path: '/platform/shop.lf', ...page(() => import('./pages/shop-page.tsx'), 'ShopPage'), handle: shopping('店铺详情') },
          { path: '/cart', ...page(() => import('./pages/cart-page.tsx'), 'CartPage'), handle: shopping('购物车') },
          { path: '/confirmOrder', ...page(() => import('./pages/confirm-order-page.tsx'), 'ConfirmOrderPage'), handle: shopping('确认订单') },
          { path: '/successOrder', ...page(() => import('./pages/success-order-page.tsx'), 'SuccessOrderPage'), handle: shopping('下单成功') },
          { path: '/NoItemDetailPage', ...page(() => import('./pages/no-item-page.tsx'), 'NoItemPage'), handle: shopping('商品已下架') },
          { path: '/NoShopDetailPage', ...page(() => import('./pages/no-shop-page.tsx'), 'NoShopPage'), handle: shopping('店铺已关闭') },
        ],
      },
    ],
  },
  {
    path: '/cass/address',
    ...requireAuth(1),
    children: [
      {
        ...mainLayout,
        children: [{ index: true, ...page(() => import('./pages/address-page.tsx'), 'AddressPage'), handle: meta({ title: '收货地址', userType: 1 }) }],
      },
    ],
  },
];
