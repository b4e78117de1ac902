import type { ResourceSeed } from './resource-seed.ts';

/**
 * The supply context's pages: the platform's reviews and registries (系统管理) and the supplier
 * side's goods, shop, contracts, qualifications and terms. resources.ts places each in the seed's tree.
 */

// supply/agreements

export const contractReview: ResourceSeed = {
  key: 'contractReview',
  name: '供应商合同',
  type: 'menu',
  side: 1,
  path: '/cass/system/contractReview',
  routeName: 'contractReview',
  component: 'system/contract-review',
  perm: 'uac:contract:review',
};

export const supplierContract: ResourceSeed = {
  key: 's-contract',
  name: '合同管理',
  type: 'module',
  side: 2,
  path: '/cassSupplier/contract',
  routeName: 'supplierContract',
  component: 'supplier/contract',
  children: [{ key: 's-contract-manage', name: '合同维护', type: 'function', side: 2, perm: 'supplier:contract:manage' }],
};

// supply/catalog

export const itemReview: ResourceSeed = {
  key: 'itemReview',
  name: '商品审核',
  type: 'menu',
  side: 1,
  path: '/cass/system/itemReview',
  routeName: 'itemReview',
  component: 'system/item-review',
  perm: 'mall:item:review',
};

export const supplierItem: ResourceSeed = {
  key: 's-item',
  name: '商品管理',
  type: 'module',
  side: 2,
  path: '/cassSupplier/item',
  routeName: 'supplierItem',
  component: 'supplier/item',
  children: [{ key: 's-item-edit', name: '商品维护', type: 'function', side: 2, perm: 'supplier:item:edit' }],
};

// supply/delivery-fees

export const supplierDeliveryFee: ResourceSeed = {
  key: 's-delivery-fee',
  name: '运费设置',
  type: 'module',
  side: 2,
  path: '/cassSupplier/deliveryFee',
  routeName: 'supplierDeliveryFee',
  component: 'supplier/delivery-fee',
  children: [{ key: 's-delivery-fee-manage', name: '运费维护', type: 'function', side: 2, perm: 'supplier:deliveryFee:manage' }],
};

// supply/discounts

export const supplierDiscount: ResourceSeed = {
  key: 's-discount',
  name: '协议价',
  type: 'module',
  side: 2,
  path: '/cassSupplier/deptDiscount',
  routeName: 'supplierDeptDiscount',
  component: 'supplier/dept-discount',
  children: [{ key: 's-discount-manage', name: '协议价维护', type: 'function', side: 2, perm: 'supplier:discount:manage' }],
};

// supply/external

export const externalInterface: ResourceSeed = {
  key: 'externalInterface',
  name: '外部接口',
  type: 'menu',
  side: 1,
  path: '/cass/system/externalInterface',
  routeName: 'systemExternalInterface',
  component: 'system/external-interface',
  perm: 'interface:external:manage',
};

// supply/interface-excel

export const interfaceData: ResourceSeed = {
  key: 'interfaceData',
  name: '接口数据',
  type: 'menu',
  side: 1,
  path: '/cass/system/interfaceData',
  routeName: 'systemInterfaceData',
  component: 'system/interface-data',
  perm: 'interface:excel:manage',
};

export const supplierInterface: ResourceSeed = {
  key: 's-interface',
  name: '接口数据',
  type: 'module',
  side: 2,
  path: '/cassSupplier/interfaceData',
  routeName: 'supplierInterfaceData',
  component: 'supplier/interface-data',
  children: [{ key: 's-interface-excel', name: '联系人、销售活动与协议价导入导出', type: 'function', side: 2, perm: 'supplier:interface:excel' }],
};

// supply/qualifications

export const qualificationReview: ResourceSeed = {
  key: 'qualificationReview',
  name: '资质审核',
  type: 'menu',
  side: 1,
  path: '/cass/system/qualificationReview',
  routeName: 'qualificationReview',
  component: 'system/qualification-review',
  perm: 'uac:qualification:review',
};

export const supplierQualification: ResourceSeed = {
  key: 's-qualification',
  name: '资质管理',
  type: 'module',
  side: 2,
  path: '/cassSupplier/qualification',
  routeName: 'supplierQualification',
  component: 'supplier/qualification',
  children: [{ key: 's-qualification-manage', name: '资质维护', type: 'function', side: 2, perm: 'supplier:qualification:manage' }],
};

// supply/shop

export const shopReview: ResourceSeed = {
  key: 'shopReview',
  name: '店铺内容审核',
  type: 'menu',
  side: 1,
  path: '/cass/system/shopReview',
  routeName: 'shopReview',
  component: 'system/shop-review',
  perm: 'mall:shop:review',
};

export const supplierShop: ResourceSeed = {
  key: 's-shop',
  name: '店铺管理',
  type: 'module',
  side: 2,
  path: '/cassSupplier/shop',
  routeName: 'supplierShop',
  component: 'supplier/shop',
  children: [{ key: 's-shop-manage', name: '店铺维护', type: 'function', side: 2, perm: 'supplier:shop:manage' }],
};

// supply/supplier

export const supplierReview: ResourceSeed = {
  key: 'supplierReview',
  name: '供应商审核',
  type: 'menu',
  side: 1,
  path: '/cass/system/supplierReview',
  routeName: 'supplierReview',
  component: 'system/supplier-review',
  perm: 'uac:supplier:review',
};

export const supplierChild: ResourceSeed = {
  key: 's-child',
  name: '子账号管理',
  type: 'module',
  side: 2,
  path: '/cassSupplier/childUser',
  routeName: 'supplierChildUser',
  component: 'supplier/child-user',
  children: [{ key: 's-child-manage', name: '子账号维护', type: 'function', side: 2, perm: 'supplier:child:manage' }],
};
