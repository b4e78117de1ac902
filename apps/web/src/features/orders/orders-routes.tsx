import type { RouteObject } from 'react-router';
import { mainLayout, requireAuth } from '../../app/lazy-route.tsx';
import type { RouteMeta } from '../../app/route-meta.ts';
import { ORDER_PATHS } from './order-paths.ts';
import { ORDER_PERM } from './order-roles.ts';

const meta = (m: RouteMeta): RouteMeta => m;
const buyerPage = (title: string, permissions?: string[]) => meta({ title, userType: 1, ...(permissions ? { permissions } : {}) });
/** Print pages (SPEC.md §2): no shell, no watermark; they need the session but not the menus. */
const printPage = (title: string, userType: 1 | 2) => meta({ title, userType, nomenu: true, print: true });

// Each page arrives in its own chunk.
const myOrders: RouteObject['lazy'] = async () => ({ Component: (await import('./pages/my-orders-page.tsx')).MyOrdersPage });
const approve: RouteObject['lazy'] = async () => ({ Component: (await import('./pages/approve-orders-page.tsx')).ApproveOrdersPage });
const check: RouteObject['lazy'] = async () => ({ Component: (await import('./pages/check-orders-page.tsx')).CheckOrdersPage });
const institute: RouteObject['lazy'] = async () => ({ Component: (await import('./pages/institute-orders-page.tsx')).InstituteOrdersPage });
const detail: RouteObject['lazy'] = async () => ({ Component: (await import('./pages/order-detail-page.tsx')).OrderDetailPage });
const allOrders: RouteObject['lazy'] = async () => ({ Component: (await import('./pages/all-orders-page.tsx')).AllOrdersPage });
const supplierOrders: RouteObject['lazy'] = async () => ({
  Component: (await import('../supplier-orders/pages/supplier-orders-page.tsx')).SupplierOrdersPage,
});
const printOrder =
  (kind: 'buy' | 'order' | 'purchase'): RouteObject['lazy'] =>
  async () => {
    const { PrintOrderPage } = await import('./pages/print-order-page.tsx');
    return { Component: () => <PrintOrderPage kind={kind} /> };
  };
const printOrderList: RouteObject['lazy'] = async () => ({ Component: (await import('./pages/print-order-list-page.tsx')).PrintOrderListPage });
const supplierPrint =
  (kind: 'supplierOrder' | 'supplierPurchase' | 'delivery'): RouteObject['lazy'] =>
  async () => {
    const { SupplierPrintPage } = await import('../supplier-orders/pages/supplier-print-page.tsx');
    return { Component: () => <SupplierPrintPage kind={kind} /> };
  };

/**
 * The order pages of every role, the supplier's order management and the order print pages,
 * spread into the root children of the router before the generic menu and print frames (a static
 * path outranks a menu splat; at equal rank the first route wins).
 */
export const ordersRoutes: RouteObject[] = [
  {
    ...requireAuth(1),
    children: [
      {
        ...mainLayout,
        children: [
          { path: ORDER_PATHS.myOrder, lazy: myOrders, handle: buyerPage('我的订单', [ORDER_PERM.BUY]) },
          { path: ORDER_PATHS.approve, lazy: approve, handle: buyerPage('订单审批', [ORDER_PERM.APPROVE]) },
          { path: ORDER_PATHS.check, lazy: check, handle: buyerPage('订单验收', [ORDER_PERM.CHECK]) },
          { path: ORDER_PATHS.institute, lazy: institute, handle: buyerPage('本所订单', [ORDER_PERM.FINANCE]) },
          { path: ORDER_PATHS.detail, lazy: detail, handle: buyerPage('订单详情') },
          { path: ORDER_PATHS.systemOrders, lazy: allOrders, handle: buyerPage('全部订单') },
        ],
      },
      { path: ORDER_PATHS.printBuyOrder, lazy: printOrder('buy'), handle: printPage('打印采购单', 1) },
      { path: ORDER_PATHS.printOrder, lazy: printOrder('order'), handle: printPage('打印订单', 1) },
      { path: ORDER_PATHS.printOrderPl, lazy: printOrderList, handle: printPage('批量打印订单', 1) },
      { path: ORDER_PATHS.printPurchaseOrder, lazy: printOrder('purchase'), handle: printPage('打印采购订单', 1) },
    ],
  },
  {
    ...requireAuth(2),
    children: [
      { ...mainLayout, children: [{ path: ORDER_PATHS.supplierOrder, lazy: supplierOrders, handle: meta({ title: '订单管理', userType: 2 }) }] },
      { path: ORDER_PATHS.supplierPrintOrder, lazy: supplierPrint('supplierOrder'), handle: printPage('打印订单', 2) },
      { path: ORDER_PATHS.supplierPrintPurchaseOrder, lazy: supplierPrint('supplierPurchase'), handle: printPage('打印采购订单', 2) },
      { path: ORDER_PATHS.supplierPrintSubOrder, lazy: supplierPrint('delivery'), handle: printPage('打印送货单', 2) },
    ],
  },
];
