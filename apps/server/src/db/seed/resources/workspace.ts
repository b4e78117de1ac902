import type { ResourceSeed } from './resource-seed.ts';

/**
 * The dashboards each side lands on: the workspace of every login, no context's own page.
 * resources.ts places them first on their side.
 */

export const dashboard: ResourceSeed = {
  key: 'dashboard',
  name: '控制台',
  type: 'menu',
  side: 1,
  path: '/cass/dashbord',
  routeName: 'caasDashbord',
  component: 'dashboard/buyer',
  icon: 'DashboardOutlined',
};

export const supplierDashboard: ResourceSeed = {
  key: 's-dashboard',
  name: '控制台',
  type: 'module',
  side: 2,
  path: '/cassSupplier/dashbord',
  routeName: 'cassSupplierDashbord',
  component: 'supplier/dashboard',
};
