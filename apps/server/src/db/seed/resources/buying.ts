import type { ResourceSeed } from './resource-seed.ts';

/**
 * The buying context's pages: the buyer's 采购管理 pages and the 技术服务 menu, their admin pages
 * (系统管理) and the supplier's order-side modules. resources.ts places each in the seed's tree.
 */

// buying/after-sales

export const afterSale: ResourceSeed = {
  key: 'afterSale',
  name: '售后申请',
  type: 'menu',
  side: 1,
  path: '/cass/afterSale/my',
  routeName: 'myAfterSale',
  component: 'aftersale/my',
  perm: 'mall:afterSale:apply',
};

export const supplierAfterSale: ResourceSeed = {
  key: 's-after-sale',
  name: '售后处理',
  type: 'module',
  side: 2,
  path: '/cassSupplier/afterSale',
  routeName: 'supplierAfterSale',
  component: 'supplier/after-sales',
  children: [{ key: 's-after-sale-handle', name: '售后处理', type: 'function', side: 2, perm: 'supplier:afterSale:handle' }],
};

// buying/bids

export const bidProjects: ResourceSeed = {
  key: 'bidProjects',
  name: '招标采购',
  type: 'menu',
  side: 1,
  path: '/cass/bid/projects',
  routeName: 'bidProjects',
  component: 'bid/projects',
  perm: 'mall:bid:manage',
};

export const supplierBid: ResourceSeed = {
  key: 's-bid',
  name: '投标',
  type: 'module',
  side: 2,
  path: '/cassSupplier/bid',
  routeName: 'supplierBid',
  component: 'supplier/bids',
  children: [{ key: 's-bid-submit', name: '提交投标', type: 'function', side: 2, perm: 'supplier:bid' }],
};

// buying/comments

export const myComment: ResourceSeed = {
  key: 'myComment',
  name: '我的评价',
  type: 'menu',
  side: 1,
  path: '/cass/comment/my',
  routeName: 'myComment',
  component: 'comment/my',
  perm: 'mall:comment:apply',
};

export const commentManage: ResourceSeed = {
  key: 'commentManage',
  name: '评价管理',
  type: 'menu',
  side: 1,
  path: '/cass/system/comment',
  routeName: 'systemComment',
  component: 'system/comments',
  perm: 'mall:comment:moderate',
};

export const supplierComment: ResourceSeed = {
  key: 's-comment',
  name: '评价回复',
  type: 'module',
  side: 2,
  path: '/cassSupplier/comment',
  routeName: 'supplierComment',
  component: 'supplier/comments',
  children: [{ key: 's-comment-reply', name: '评价回复', type: 'function', side: 2, perm: 'supplier:comment:reply' }],
};

// buying/complaints

export const myComplaint: ResourceSeed = {
  key: 'myComplaint',
  name: '我的投诉',
  type: 'menu',
  side: 1,
  path: '/cass/complaint/my',
  routeName: 'myComplaint',
  component: 'complaint/my',
  perm: 'mall:complaint:apply',
};

export const complaintHandle: ResourceSeed = {
  key: 'complaintHandle',
  name: '投诉处理',
  type: 'menu',
  side: 1,
  path: '/cass/system/complaint',
  routeName: 'systemComplaint',
  component: 'system/complaints',
  perm: 'mall:complaint:handle',
};

export const supplierComplaint: ResourceSeed = {
  key: 's-complaint',
  name: '投诉回复',
  type: 'module',
  side: 2,
  path: '/cassSupplier/complaint',
  routeName: 'supplierComplaint',
  component: 'supplier/complaints',
  children: [{ key: 's-complaint-reply', name: '投诉回复', type: 'function', side: 2, perm: 'supplier:complaint:reply' }],
};

// buying/mall

export const address: ResourceSeed = {
  key: 'address',
  name: '收货地址',
  type: 'menu',
  side: 1,
  path: '/cass/address',
  routeName: 'recvAddress',
  component: 'mall/address',
  perm: 'mall:address',
};

export const favorites: ResourceSeed = {
  key: 'favorites',
  name: '我的收藏',
  type: 'menu',
  side: 1,
  path: '/cass/favorites',
  routeName: 'myFavorites',
  component: 'mall/favorites',
  perm: 'mall:favorite',
};

export const buyTip: ResourceSeed = {
  key: 'buyTip',
  name: '购买须知',
  type: 'menu',
  side: 1,
  path: '/cass/system/buyTip',
  routeName: 'systemBuyTip',
  component: 'system/buy-tip',
  perm: 'mall:buyTip:manage',
};

// buying/orders

export const myOrder: ResourceSeed = {
  key: 'myOrder',
  name: '我的订单',
  type: 'menu',
  side: 1,
  path: '/cass/order/myOrder',
  routeName: 'myOrder',
  component: 'order/my-order',
  perm: 'mall:order:buy',
};

export const approveOrder: ResourceSeed = {
  key: 'approveOrder',
  name: '订单审批',
  type: 'menu',
  side: 1,
  path: '/cass/order/approve',
  routeName: 'approveOrder',
  component: 'order/approve',
  perm: 'mall:order:approve',
};

export const checkOrder: ResourceSeed = {
  key: 'checkOrder',
  name: '订单验收',
  type: 'menu',
  side: 1,
  path: '/cass/order/check',
  routeName: 'checkOrder',
  component: 'order/check',
  perm: 'mall:order:check',
};

export const instituteOrder: ResourceSeed = {
  key: 'instituteOrder',
  name: '本所订单',
  type: 'menu',
  side: 1,
  path: '/cass/order/institute',
  routeName: 'instituteOrder',
  component: 'order/institute',
  perm: 'mall:order:finance',
};

export const expChannel: ResourceSeed = {
  key: 'expChannel',
  name: '快递渠道',
  type: 'menu',
  side: 1,
  path: '/cass/system/expChannel',
  routeName: 'systemExpChannel',
  component: 'system/exp-channel',
  perm: 'mall:expChannel:manage',
};

export const allOrders: ResourceSeed = {
  key: 'allOrders',
  name: '全部订单',
  type: 'menu',
  side: 1,
  path: '/cass/system/orders',
  routeName: 'systemOrders',
  component: 'system/orders',
};

export const supplierOrder: ResourceSeed = {
  key: 's-order',
  name: '订单管理',
  type: 'module',
  side: 2,
  path: '/cassSupplier/order',
  routeName: 'supplierOrder',
  component: 'supplier/order',
  children: [{ key: 's-order-deliver', name: '订单发货', type: 'function', side: 2, perm: 'supplier:order:deliver' }],
};

// buying/tech-services

export const techService: ResourceSeed = {
  key: 'techService',
  name: '技术服务',
  type: 'menu',
  side: 1,
  icon: 'ExperimentOutlined',
  children: [
    {
      key: 'techBrowse',
      name: '服务目录',
      type: 'menu',
      side: 1,
      path: '/cass/techService/browse',
      routeName: 'techBrowse',
      component: 'tech-service/browse',
      perm: 'mall:techService:request',
    },
    {
      key: 'techRequests',
      name: '服务委托',
      type: 'menu',
      side: 1,
      path: '/cass/techService/requests',
      routeName: 'techRequests',
      component: 'tech-service/requests',
      perm: 'mall:techService:view',
    },
  ],
};

export const supplierTsItem: ResourceSeed = {
  key: 's-ts-item',
  name: '服务项目',
  type: 'module',
  side: 2,
  path: '/cassSupplier/tsItem',
  routeName: 'supplierTsItem',
  component: 'supplier/ts-items',
  children: [{ key: 's-ts-item-edit', name: '服务项目维护', type: 'function', side: 2, perm: 'supplier:ts:item' }],
};

export const supplierTsRequest: ResourceSeed = {
  key: 's-ts-request',
  name: '服务委托',
  type: 'module',
  side: 2,
  path: '/cassSupplier/tsRequest',
  routeName: 'supplierTsRequest',
  component: 'supplier/ts-requests',
  children: [{ key: 's-ts-request-handle', name: '委托处理', type: 'function', side: 2, perm: 'supplier:ts:request' }],
};
