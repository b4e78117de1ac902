import type { ResourceSeed } from './resource-seed.ts';

/**
 * The finance context's pages: 报销 (in 报销管理), the 对账结算 menu and the supplier's invoices,
 * claims and statements. resources.ts places each in the seed's tree.
 */

// finance/claims

export const myClaim: ResourceSeed = {
  key: 'myClaim',
  name: '我的报销',
  type: 'menu',
  side: 1,
  path: '/cass/claim/my',
  routeName: 'myClaim',
  component: 'claim/my',
  perm: 'mall:claim:apply',
};

export const mergeClaim: ResourceSeed = {
  key: 'mergeClaim',
  name: '合并报销',
  type: 'menu',
  side: 1,
  path: '/cass/claim/merge',
  routeName: 'mergeClaim',
  component: 'claim/merge',
  perm: 'mall:claim:finance',
};

export const approveClaim: ResourceSeed = {
  key: 'approveClaim',
  name: '报销审批',
  type: 'menu',
  side: 1,
  path: '/cass/claim/approve',
  routeName: 'approveClaim',
  component: 'claim/approve',
  perm: 'mall:claim:approve',
};

export const allClaims: ResourceSeed = {
  key: 'allClaims',
  name: '全部报销单',
  type: 'menu',
  side: 1,
  path: '/cass/claim/all',
  routeName: 'allClaims',
  component: 'claim/all',
  perm: 'mall:claim:admin',
};

export const supplierClaim: ResourceSeed = {
  key: 's-claim',
  name: '报销单',
  type: 'module',
  side: 2,
  path: '/cassSupplier/claim',
  routeName: 'supplierClaim',
  component: 'supplier/claims',
};

// finance/invoices

export const supplierInvoice: ResourceSeed = {
  key: 's-invoice',
  name: '发票管理',
  type: 'module',
  side: 2,
  path: '/cassSupplier/invoice',
  routeName: 'supplierInvoice',
  component: 'supplier/invoice',
  children: [{ key: 's-invoice-manage', name: '发票上传', type: 'function', side: 2, perm: 'supplier:invoice:manage' }],
};

// finance/settlement

export const settlement: ResourceSeed = {
  key: 'settlement',
  name: '对账结算',
  type: 'menu',
  side: 1,
  icon: 'AuditOutlined',
  children: [
    {
      key: 'settleStatements',
      name: '对账结算',
      type: 'menu',
      side: 1,
      path: '/cass/settle/statements',
      routeName: 'settleStatements',
      component: 'settle/statements',
      perm: 'mall:settle:finance',
    },
    {
      key: 'settleAdmin',
      name: '结算管理',
      type: 'menu',
      side: 1,
      path: '/cass/settle/admin',
      routeName: 'settleAdmin',
      component: 'settle/admin',
      perm: 'mall:settle:admin',
    },
  ],
};

export const supplierStatement: ResourceSeed = {
  key: 's-statement',
  name: '对账单',
  type: 'module',
  side: 2,
  path: '/cassSupplier/statement',
  routeName: 'supplierStatement',
  component: 'supplier/statements',
  children: [{ key: 's-statement-manage', name: '对账确认', type: 'function', side: 2, perm: 'supplier:statement' }],
};
