import { Perm } from '../../../platform/auth/access.ts';

/** The OpenAPI groups of the 技术服务 routes: the buyer's side (/mall/v1/techService) and the supplier's (/supplier/v1/ts). */
export const TECH_TAGS = ['技术服务'];
export const SUPPLIER_TECH_TAGS = ['供应商技术服务'];

/** Commissioning a service: browsing what may be commissioned, the seller check and the buyer's moves on a request. */
export const REQUEST_ACCESS = { perm: Perm.TECH_REQUEST };
