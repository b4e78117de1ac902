import { Perm } from '../../../platform/auth/access.ts';

/** The OpenAPI group of the 库存 routes. */
export const INVENTORY_TAGS = ['库存'];
/** the 库存 pages (containers, ledger, 领用, labels, slips, locations) */
export const INVENTORY_VIEW = { perm: Perm.INVENTORY };
/** every inventory route sits under this prefix */
export const INVENTORY_PREFIX = '/mall/v1/inventory';
