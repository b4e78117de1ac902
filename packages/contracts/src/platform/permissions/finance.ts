/**
 * The finance context's named permissions: claims, invoices and settlement.
 * platform/permissions.ts composes every context's into Perm.
 */
export const FINANCE_PERMS = {
  // finance/claims
  CLAIM_APPLY: 'mall:claim:apply',
  CLAIM_FINANCE: 'mall:claim:finance',
  CLAIM_APPROVE: 'mall:claim:approve',
  CLAIM_ADMIN: 'mall:claim:admin',
  // finance/invoices
  SUPPLIER_INVOICE: 'supplier:invoice:manage',
  // finance/settlement
  /** 对账结算: statements, payments, checkRule (institute finance for its institute; the platform admin for all) */
  SETTLE_FINANCE: 'mall:settle:finance',
  /** 结算管理: the platform admin's settlement overview page */
  SETTLE_ADMIN: 'mall:settle:admin',
  /** 对账单 on the supplier side: see, confirm, dispute */
  SUPPLIER_STATEMENT: 'supplier:statement',
} as const;
