import { type FeatureRoutes, page, pageWith } from '../../lib/lazy-page.tsx';
import { ORDER_PATHS } from '../../lib/order-paths.ts';
import type { RouteMeta } from '../../lib/route-meta.ts';

/** Print pages (SPEC.md §2): no shell, no watermark; they need the session but not the menus. */
const printPage = (title: string): RouteMeta => ({ title, userType: 2, nomenu: true, print: true });

const supplierPrint = (kind: 'supplierOrder' | 'supplierPurchase' | 'delivery') =>
  pageWith(() => import('./pages/supplier-print-page.tsx'), 'SupplierPrintPage', { kind });

/** The supplier's order management and its print pages. */
export const routes: FeatureRoutes = ({ requireAuth, mainLayout }) => [
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
      { path: ORDER_PATHS.supplierPrintOrder, ...supplierPrint('supplierOrder'), handle: printPage('打印订单') },
      { path: ORDER_PATHS.supplierPrintPurchaseOrder, ...supplierPrint('supplierPurchase'), handle: printPage('打印采购订单') },
      { path: ORDER_PATHS.supplierPrintSubOrder, ...supplierPrint('delivery'), handle: printPage('打印送货单') },
    ],
  },
];
