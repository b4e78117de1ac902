import { fail } from '../http/errors.ts';
import type { Caller } from './access.ts';

/** The platform administrator is whoever holds a role of data scope 'all'. */
export const isPlatformAdmin = (c: Caller) => c.dataScope === 'all';

/** Resource and role side of an account: suppliers (type 2) are side 2, everyone else side 1. */
export const sideOf = (accountType: number): 1 | 2 => (accountType === 2 ? 2 : 1);

/**
 * The institute whose organisation data a call works on. A platform admin names any institute
 * (or none: the platform's own departments); everyone else only ever their own, so naming another is refused.
 */
export function targetInstitute(c: Caller, requested: number | undefined): number | null {
  if (isPlatformAdmin(c)) return requested ?? c.instituteId;
  if (requested !== undefined && requested !== c.instituteId) fail('FORBIDDEN', '只能查看或管理本所的数据');
  return c.instituteId;
}

/** The supplier a supplier-side call works for: the caller's own, never one named in the request. */
export function ownSupplier(c: Caller): number {
  if (c.accountType !== 2 || c.supplierId === null) return fail('FORBIDDEN', '仅供应商账号可以使用该功能');
  return c.supplierId;
}
