import { type FeatureRoutes, page } from '../../../lib/lazy-page.tsx';
import { BUYER_HOME, SUPPLIER_HOME } from '../../../lib/session.ts';

/** Each side's dashboard (its home), under the top-menu layout. */
export const routes: FeatureRoutes = ({ requireAuth, mainLayout }) => [
  {
    ...requireAuth(1),
    children: [
      {
        ...mainLayout,
        children: [
          { path: BUYER_HOME, ...page(() => import('./pages/buyer-dashboard-page.tsx'), 'BuyerDashboardPage'), handle: { title: '控制台', userType: 1 } },
        ],
      },
    ],
  },
  {
    ...requireAuth(2),
    children: [
      {
        ...mainLayout,
        children: [
          {
            path: SUPPLIER_HOME,
            ...page(() => import('./pages/supplier-dashboard-page.tsx'), 'SupplierDashboardPage'),
            handle: { title: '控制台', userType: 2 },
          },
        ],
      },
    ],
  },
];
