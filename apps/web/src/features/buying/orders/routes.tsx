import { ORDER_PERMS as Perm } from '@kc/contracts/buying/orders-permissions';
import { type FeatureRoutes, page, pageWith } from '../../../lib/lazy-page.tsx';
import { ORDER_PATHS } from '../../../lib/order-paths.ts';
import type { RouteMeta } from '../../../lib/route-meta.ts';

const meta = (m: RouteMeta): RouteMeta => m;
const buyerPage = (title: string, permissions?: string[]) => meta({ title, userType: 1, ...(permissions ? { permissions } : {}) });
/** Print pages (docs/domains/platform.md#route-classes): no shell, no watermark; they need the session but not the menus. */
const printPage = (title: string, userType: 1 | 2 = 1) => meta({ title, userType, nomenu: true, print: true });

const printOrder = (kind: 'buy' | 'order' | 'purchase') => pageWith(() => import('./pages/print-order-page.tsx'), 'PrintOrderPage', { kind });
const supplierPrint = (kind: 'supplierOrder' | 'supplierPurchase' | 'delivery') =>
  pageWith(() => import('./pages/supplier-print-page.tsx'), 'SupplierPrintPage', { kind });

/**
 * The buyer side's order pages and their print pages, then the supplier's order management and its
 * print pages. Static paths outrank the menu splat of the /cass and /cassSupplier sections, and the
 * app mounts the features' routes before its generic print frames.
 */
export const routes: FeatureRoutes = ({ requireAuth, mainLayout }) => [
  {
    ...requireAuth(1),
    children: [
      {
        ...mainLayout,
        children: [
          { path: ORDER_PATHS.myOrder, ...page(() => import('./pages/my-orders-page.tsx'), 'MyOrdersPage'), handle: buyerPage('我的订单', [Perm.ORDER_BUY]) },
          {
            path: ORDER_PATHS.approve,
            ...page(() => import('./pages/approve-orders-page.tsx'), 'ApproveOrdersPage'),
            handle: buyerPage('订单审批', [Perm.ORDER_APPROVE]),
          },
          {
            path: ORDER_PATHS.check,
            ...page(() => import('./pages/check-orders-page.tsx'), 'CheckOrdersPage'),
            handle: buyerPage('订单验收', [Perm.ORDER_CHECK]),
          },
          {
            path: ORDER_PATHS.institute,
            ...page(() => import('./pages/institute-orders-page.tsx'), 'InstituteOrdersPage'),
            handle: buyerPage('本所订单', [Perm.ORDER_FINANCE]),
          },
          { path: ORDER_PATHS.detail, ...page(() => import('./pages/order-detail-page.tsx'), 'OrderDetailPage'), handle: buyerPage('订单详情') },
          { path: ORDER_PATHS.systemOrders, ...page(() => import('./pages/all-orders-page.tsx'), 'AllOrdersPage'), handle: buyerPage('全部订单') },
        ],
      },
      { path: ORDER_PATHS.printBuyOrder, ...printOrder('buy'), handle: printPage('打印采购单') },
      { path: ORDER_PATHS.printOrder, ...printOrder('order'), handle: printPage('打印订单') },
      { path: ORDER_PATHS.printOrderPl, ...page(() => import('./pages/print-order-list-page.tsx'), 'PrintOrderListPage'), handle: printPage('批量打印订单') },
      { path: ORDER_PATHS.printPurchaseOrder, ...printOrder('purchase'), handle: printPage('打印采购订单') },
    ],
  },
  {
    ...requireAuth(2),
    children: [
      {
        ...mainLayout,
        children: [
          {
            path: ORDER_PATHS.supplierOrder,
            ...page(() => import('./pages/supplier-orders-page.tsx'), 'SupplierOrdersPage'),
            handle: { title: '订单管理', userType: 2 } satisfies RouteMeta,
          },
        ],
      },
      { path: ORDER_PATHS.supplierPrintOrder, ...supplierPrint('supplierOrder'), handle: printPage('打印订单', 2) },
      { path: ORDER_PATHS.supplierPrintPurchaseOrder, ...supplierPrint('supplierPurchase'), handle: printPage('打印采购订单', 2) },
      { path: ORDER_PATHS.supplierPrintSubOrder, ...supplierPrint('delivery'), handle: printPage('打印送货单', 2) },
    ],
  },
];
