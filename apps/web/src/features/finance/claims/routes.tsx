import { type FeatureRoutes, pageWith } from '../../../lib/lazy-page.tsx';
import type { RouteMeta } from '../../../lib/route-meta.ts';

const printPage = (title: string, userType?: 1 | 2): RouteMeta => ({ title, nomenu: true, print: true, ...(userType ? { userType } : {}) });
const print = (copy: 'buyer' | 'supplier') => pageWith(() => import('./pages/claim-print-page.tsx'), 'ClaimPrintPage', { copy });

/** The claim print pages (docs/domains/platform.md#route-classes); the app mounts features' routes before its generic print frames. */
export const routes: FeatureRoutes = ({ requireAuth }) => [
  { ...requireAuth(1), children: [{ path: '/printPDF', ...print('buyer'), handle: printPage('打印报销单', 1) }] },
  { ...requireAuth(2), children: [{ path: '/printSupplierPDF', ...print('supplier'), handle: printPage('打印供应商报销单', 2) }] },
];
