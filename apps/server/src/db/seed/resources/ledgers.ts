import type { ResourceSeed } from './resource-seed.ts';

/**
 * The ledgers context's pages: 经费卡 (in 报销管理), the 库存管理 menu and 统计分析.
 * resources.ts places each in the seed's tree.
 */

// ledgers/budget

export const grantCards: ResourceSeed = {
  key: 'grantCards',
  name: '经费卡',
  type: 'menu',
  side: 1,
  path: '/cass/budget/grantCards',
  routeName: 'grantCards',
  component: 'budget/grant-cards',
  perm: 'mall:grantCard:manage',
};

// ledgers/inventory

export const inventory: ResourceSeed = {
  key: 'inventory',
  name: '库存管理',
  type: 'menu',
  side: 1,
  icon: 'DatabaseOutlined',
  children: [
    {
      key: 'inventoryContainers',
      name: '库存台账',
      type: 'menu',
      side: 1,
      path: '/cass/inventory/containers',
      routeName: 'inventoryContainers',
      component: 'inventory/containers',
      perm: 'mall:inventory:view',
    },
    {
      key: 'inventoryStocktakes',
      name: '库存盘点',
      type: 'menu',
      side: 1,
      path: '/cass/inventory/stocktakes',
      routeName: 'inventoryStocktakes',
      component: 'inventory/stocktakes',
      perm: 'mall:inventory:manage',
    },
    {
      key: 'inventoryLocations',
      name: '存放位置',
      type: 'menu',
      side: 1,
      path: '/cass/inventory/locations',
      routeName: 'inventoryLocations',
      component: 'inventory/locations',
      perm: 'mall:inventory:manage',
    },
  ],
};

// ledgers/statistics

export const statistics: ResourceSeed = {
  key: 'statistics',
  name: '统计分析',
  type: 'menu',
  side: 1,
  path: '/cass/statistics',
  routeName: 'statistics',
  component: 'statistics/index',
  icon: 'BarChartOutlined',
  perm: 'mq:statistics:view',
};
