import type { Caller } from '../../../platform/auth/access.ts';
import { Perm } from '../../../platform/auth/access.ts';
import { isPlatformAdmin } from '../../../platform/auth/admin-scope.ts';
import { fail } from '../../../platform/http/errors.ts';

/**
 * Whose rows an /interface/v1 call sees and changes: the platform all; an institute's owner its
 * institute; a supplier its own; an API client with the interface.export scope its bound institute
 * (exports only).
 */
export type Scope =
  | { kind: 'platform'; userId: number }
  | { kind: 'institute'; userId: number; instituteId: number }
  | { kind: 'supplier'; userId: number; supplierId: number }
  | { kind: 'client'; instituteId: number };

export function scopeOf(c: Caller): Scope {
  if (c.accountType === 2) {
    if (!c.perms.has(Perm.SUPPLIER_INTERFACE_EXCEL) || c.supplierId === null) return fail('FORBIDDEN');
    return { kind: 'supplier', userId: c.userId, supplierId: c.supplierId };
  }
  if (!c.perms.has(Perm.INTERFACE_EXCEL)) return fail('FORBIDDEN');
  if (isPlatformAdmin(c)) return { kind: 'platform', userId: c.userId };
  if (c.dataScope === 'institute' && c.instituteId !== null) return { kind: 'institute', userId: c.userId, instituteId: c.instituteId };
  return fail('FORBIDDEN', '仅研究所管理员可以使用该功能');
}

/** refuses a scope a family does not serve */
export function allow(s: Scope, kinds: Scope['kind'][], what: string): void {
  if (!kinds.includes(s.kind)) fail('FORBIDDEN', what);
}

/** the institute a list is limited to: the caller's own, or the one the platform names */
export function instituteFilter(s: Scope, requested: number | undefined): number | undefined {
  if (s.kind === 'institute' || s.kind === 'client') {
    if (requested !== undefined && requested !== s.instituteId) fail('FORBIDDEN', '只能查看或管理本所的数据');
    return s.instituteId;
  }
  return requested;
}
