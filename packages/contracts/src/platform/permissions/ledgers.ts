/**
 * The ledgers context's named permissions: grant cards, inventory and statistics.
 * platform/permissions.ts composes every context's into Perm.
 */
export const LEDGERS_PERMS = {
  // ledgers/budget
  GRANT_CARD: 'mall:grantCard:manage',
  // ledgers/inventory
  /** 库存台账: the containers of the caller's scope, their ledger, 领用, labels and slips */
  INVENTORY: 'mall:inventory:view',
  /** 库存盘点 and 存放位置: stocktakes with adjustments, storage locations */
  INVENTORY_MANAGE: 'mall:inventory:manage',
  // ledgers/statistics
  STATISTICS_VIEW: 'mq:statistics:view',
} as const;
