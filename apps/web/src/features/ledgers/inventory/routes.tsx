import { type FeatureRoutes, pageWith } from '../../../lib/lazy-page.tsx';
import type { RouteMeta } from '../../../lib/route-meta.ts';

/** Print pages (docs/domains/platform.md#route-classes): no shell; they need the session but not the menus. */
const printPage = (title: string): RouteMeta => ({ title, userType: 1, nomenu: true, print: true });
const slip = (kind: 'in' | 'out', stamped: boolean) => pageWith(() => import('./pages/print-slip-page.tsx'), 'PrintSlipPage', { kind, stamped });

/** The 入库单 / 出库单 print pages; the inventory's own pages come through the menus (menu-pages.ts). */
export const routes: FeatureRoutes = ({ requireAuth }) => [
  {
    ...requireAuth(1),
    children: [
      { path: '/printPutOrder', ...slip('in', false), handle: printPage('打印入库单') },
      { path: '/printOutboundOrder', ...slip('out', false), handle: printPage('打印出库单') },
      { path: '/CassPrintPutOrderRubber', ...slip('in', true), handle: printPage('打印入库单（胶版）') },
      { path: '/CassPrintOutboundOrderRubber', ...slip('out', true), handle: printPage('打印出库单（胶版）') },
    ],
  },
];
