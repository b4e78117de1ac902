import type { ResourceSeed } from './resource-seed.ts';

/**
 * The oversight context's pages: each side's export records, 历史订单导入 and the 预警管理 menu.
 * resources.ts places each in the seed's tree.
 */

// oversight/exports

export const exportRecords: ResourceSeed = {
  key: 'exportRecords',
  name: '导出记录',
  type: 'menu',
  side: 1,
  path: '/cass/export/records',
  routeName: 'exportRecords',
  component: 'export/records',
  perm: 'mall:export:record',
};

export const allExports: ResourceSeed = {
  key: 'allExports',
  name: '导出记录',
  type: 'menu',
  side: 1,
  path: '/cass/system/exports',
  routeName: 'systemExports',
  component: 'system/exports',
};

export const orderImport: ResourceSeed = {
  key: 'orderImport',
  name: '历史订单导入',
  type: 'menu',
  side: 1,
  path: '/cass/system/orderImport',
  routeName: 'systemOrderImport',
  component: 'system/order-import',
};

export const supplierExport: ResourceSeed = {
  key: 's-export',
  name: '导出记录',
  type: 'module',
  side: 2,
  path: '/cassSupplier/export',
  routeName: 'supplierExport',
  component: 'supplier/exports',
};

// oversight/warnings

export const warning: ResourceSeed = {
  key: 'warning',
  name: '预警管理',
  type: 'menu',
  side: 1,
  icon: 'AlertOutlined',
  children: [
    {
      key: 'warningList',
      name: '预警管理',
      type: 'menu',
      side: 1,
      path: '/cass/warning/list',
      routeName: 'warningList',
      component: 'warning/list',
      perm: 'mall:warning:view',
    },
    {
      key: 'warningRules',
      name: '预警规则',
      type: 'menu',
      side: 1,
      path: '/cass/warning/rules',
      routeName: 'warningRules',
      component: 'warning/rules',
      perm: 'mall:warning:rule',
    },
  ],
};
